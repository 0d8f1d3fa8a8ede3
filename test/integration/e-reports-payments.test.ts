/**
 * Payment e-reporting end to end through real HTTP (docs/e-reporting.md, "Payments reports"), on each engine, with
 * the official artefacts and the mounted sandbox PA: cashings of B2C services invoices of a `normal_monthly` seller
 * land in the open payments report of their month; closing it gives a 10.4 report (one entry per day, per rate) whose
 * amounts equal the cashings', which passes the flux 10 XSD and F10 schematron and reaches the PA; each payment's
 * reporting follows its report (`pending` → `acknowledged` on the sandbox's 300); a cashing recorded for a month
 * already sent makes an `RE` report covering every cashing of the month.
 */
import { describe, expect, it } from 'vitest';
import type { Client } from '../support/client.ts';
import { b2c, eReportingSuite, type Json, runTag, SELLER, until } from '../support/e-reporting-http.ts';
import { engines } from '../support/gateway.ts';

describe.each(engines())('payments e-reports (%s)', (engine) => {
  let tenant: Client;
  eReportingSuite(engine, (started) => ({ tenant } = started));
  const tag = runTag();

  async function invoice(number: string, day: string, lines: Array<[number, number]>): Promise<string> {
    const reply = await tenant.post('/v1/invoices', b2c(number, day, lines));
    expect(reply.status, reply.text).toBe(202);
    return (reply.body as Json).submission_id as string;
  }
  async function pay(submissionId: string, body: Json): Promise<Json> {
    const reply = await tenant.post(`/v1/invoices/${submissionId}/payments`, body);
    expect(reply.status, reply.text).toBe(201);
    return reply.body as Json;
  }
  const payments = async (submissionId: string) =>
    ((await tenant.get(`/v1/invoices/${submissionId}/payments`)).body as Json).data as Json[];
  const close = (period: string) => tenant.post('/v1/e-reports/close', { seller_siren: SELLER, period, kind: 'payments' });
  const settled = (id: string) =>
    until(
      async () => (await tenant.get(`/v1/e-reports/${id}`)).body as Json,
      (r) => r.state === 'accepted' || r.state === 'rejected' || r.state === 'invalid',
    );

  it("reports the month's B2C cashings per day and rate, follows the report on each payment, and rectifies a late one", async () => {
    // 100.00 at 20 % and 50.00 at 5.5 %: 120.00 + 52.75 = 172.75 including VAT.
    const a = await invoice(`PA${tag}`, '2026-10-02', [
      [10_000, 20],
      [5_000, 5.5],
    ]);
    const b = await invoice(`PB${tag}`, '2026-10-03', [[2_000, 20]]);
    const first = await pay(a, { id: `a1-${tag}`, paid_at: '2026-10-05', amount: 10_000 });
    expect(first.reporting).toMatchObject({ channel: 'e_reporting', state: 'pending', reason: 'b2c_services' });
    const second = await pay(a, {
      id: `a2-${tag}`,
      paid_at: '2026-10-05',
      amount: 7_275,
      vat_breakdown: [
        { percentage: 20, amount: 2_000 },
        { percentage: 5.5, amount: 5_275 },
      ],
    });
    const third = await pay(b, { id: `b1-${tag}`, paid_at: '2026-10-21', amount: 2_399 });
    const reportId = first.reporting.e_report_id as string;
    expect(reportId).toEqual(expect.any(String));
    for (const p of [second, third]) expect(p.reporting.e_report_id).toBe(reportId);
    const open = (await tenant.get(`/v1/e-reports/${reportId}`)).body as Json;
    expect(open).toMatchObject({ kind: 'payments', period: '2026-10', state: 'open', type: 'IN' });
    expect(open.payment_ids).toEqual([`a1-${tag}`, `a2-${tag}`, `b1-${tag}`]);

    const closed = await close('2026-10');
    expect(closed.status, closed.text).toBe(200);
    const report = closed.body as Json;
    expect(report.id).toBe(reportId);
    expect(report.check_errors).toEqual([]);
    const xml = String((await tenant.get(`/v1/e-reports/${reportId}/document`)).text);
    expect(xml).toContain('<PaymentsReport>');
    // The expected amounts per day and rate, summed from the stored parts (the first payment's split is the gateway's).
    const expected = new Map<string, number>();
    for (const p of [...(await payments(a)), ...(await payments(b))]) {
      for (const part of p.parts as Array<{ percentage: number; amount: number }>) {
        const key = `${p.paid_at} ${part.percentage}`;
        expected.set(key, (expected.get(key) ?? 0) + part.amount);
      }
    }
    expect([...expected.values()].reduce((x, y) => x + y, 0)).toBe(10_000 + 7_275 + 2_399);
    const written = new Map<string, number>();
    for (const day of xml.matchAll(/<Transactions>([\s\S]*?)<\/Transactions>/g)) {
      const date = /<Date>(\d{4})(\d{2})(\d{2})<\/Date>/.exec(day[1]!)!;
      for (const sub of day[1]!.matchAll(
        /<TaxPercent>([\d.]+)<\/TaxPercent>\s*<CurrencyCode>EUR<\/CurrencyCode>\s*<Amount>([\d.]+)<\/Amount>/g,
      )) {
        written.set(`${date[1]}-${date[2]}-${date[3]} ${Number(sub[1])}`, Math.round(Number(sub[2]) * 100));
      }
    }
    expect(written).toEqual(expected);

    expect((await settled(reportId)).state).toBe('accepted');
    for (const p of await payments(a)) expect(p.reporting).toMatchObject({ state: 'acknowledged', e_report_id: reportId });

    // A cashing of the month already sent: a rectificative covering all the month's cashings.
    const late = await pay(b, { id: `b2-${tag}`, paid_at: '2026-10-30', amount: 1 });
    expect(late.reporting.state).toBe('pending');
    expect(late.reporting.e_report_id).not.toBe(reportId);
    const re = (await close('2026-10')).body as Json;
    expect(re).toMatchObject({ id: late.reporting.e_report_id, type: 'RE', sequence: 2, check_errors: [] });
    expect(re.payment_ids).toEqual([`a1-${tag}`, `a2-${tag}`, `b1-${tag}`, `b2-${tag}`]);
    expect((await settled(re.id)).state).toBe('accepted');
    for (const p of await payments(b)) expect(p.reporting).toMatchObject({ state: 'acknowledged', e_report_id: re.id });
  }, 400_000);
});
