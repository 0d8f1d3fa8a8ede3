/**
 * PA lifecycle codes: every code of the French CDV list (XP Z12-012; BR-FR-CDV-CL-06 of the FNFE-MPE CDV
 * schematron 1.4.0.03: 200 to 214, 220, 221, 224 to 228, 250, 251, 300, 301, 400, 401, 500, 501, 601).
 *
 * Labels and their sources:
 * - 200 to 214: exactly as the interface spec gives them (§ States and transitions, lifecycle code).
 * - 220 Annulée: the official AFNOR XP Z12-014 example UC4b_F202500006_05-CDV-220_Annulee.xml (ProcessCondition
 *   "Annulée", issued by the seller once a corrective invoice replaced the invoice; copy in sandbox-pa/spec/cdar-examples/).
 * - 221 Erreur de routage: the CDV schematron 1.4.0.03 names it ERREUR_ROUTAGE (BR-FR-CDV-CL-09_MDT-113_221, reason
 *   ROUTAGE_ERR); "Erreur de routage" as vendor documentation spells it (NomaUBL "Invoice Status Codes",
 *   docs.nomana-it.fr) and as independent open implementations do.
 * - 224 to 228: not in a normative text we could read (the XP Z12-012 status table is in the standard's PDF, which
 *   objects to text mining, and its Annexe A spreadsheet is absent from the public mirror): labels as NomaUBL's
 *   documentation and several independent open implementations agree on them. Second-hand: checked against the
 *   standard's table when it is available.
 * - 250, 251, 300, 301, 400, 401, 500, 501, 601: DGFiP, "Dossier de spécifications externes de la facturation
 *   électronique – Dossier général": tableau 2 (flux: 500 Recevable, 501 Irrecevable, § 3.4.4), tableau 5 (ligne
 *   d'annuaire: 400 Acceptée, 401 Rejetée, § 3.5.7), tableau 8 (données réglementaires: 250 Déposée, 251 Rejetée,
 *   § 3.6.7), tableau 9 (statuts obligatoires: 601 Rejeté), tableau 13 (données de transaction et de paiement:
 *   300 Déposée, 301 Rejetée, § 3.7.9). 501 is also the schematron's IRRECEVABLE (BR-FR-CDV-CL-09_MDT-113_501,
 *   reasons IRR_*), which XP Z12-012 uses for a file the receiving platform could not accept.
 *
 * Final statuses (no further status is expected on the document):
 * - 210 Refusée, 212 Encaissée, 213 Rejetée: as the spec says;
 * - 220 Annulée: the issuer cancelled the document (replaced by a corrective invoice or a credit note);
 * - 501 Irrecevable: the file failed the platform's reception checks (IRR_* reasons: empty, type, syntax, size,
 *   virus), so the document never entered the circuit; it has to be submitted anew, as after 213.
 * 251, 301, 401 and 601 are rejections too, but of another object (the regulatory data extracted from the invoice,
 * the e-reporting data, a directory line, a status message): the platform resends that object, the document
 * itself lives on. 221 Erreur de routage is not final either: the platform may route again once the directory
 * is corrected.
 *
 * Processing state: a submission moves to `rejected` on 213 and on 501 (both say the platform refused the
 * document), the first time one arrives (batch-statement.ts); 220 does not (the document was accepted, then
 * cancelled by its issuer).
 */

/** One lifecycle code: its number, the French label as sourced, and its meaning in English. */
export interface LifecycleCode {
  code: number;
  /** Stable enum name (GraphQL `LifecycleCode`), ASCII. */
  name: string;
  /** French label as the source gives it; absent for a code of the CDV list whose label could not be sourced. */
  label?: string;
  meaning: string;
  /** Ends the document's life: 210, 212, 213, 220, 501 (see the header). */
  final: boolean;
  /** Moves the submission to processing_state `rejected`: 213 and 501. */
  rejects: boolean;
  /** The CDV asks for a reason (MDT-113): accepted without one, flagged REASON_MISSING (210, 213, 501). */
  needsReason: boolean;
}

type Entry = [
  code: number,
  name: string,
  label: string,
  meaning: string,
  traits?: Partial<Pick<LifecycleCode, 'final' | 'rejects' | 'needsReason'>>,
];

const ENTRIES: Entry[] = [
  [200, 'DEPOSEE', 'Déposée', 'Filed'],
  [201, 'EMISE', 'Émise', 'Issued'],
  [202, 'RECUE', 'Reçue', 'Received'],
  [203, 'MISE_A_DISPOSITION', 'Mise à disposition', 'Made available'],
  [204, 'PRISE_EN_CHARGE', 'Prise en charge', 'Taken over'],
  [205, 'APPROUVEE', 'Approuvée', 'Approved'],
  [206, 'APPROUVEE_PARTIELLEMENT', 'Approuvée partiellement', 'Partially approved'],
  [207, 'EN_LITIGE', 'En litige', 'Disputed'],
  [208, 'SUSPENDUE', 'Suspendue', 'Suspended'],
  [209, 'COMPLETEE', 'Complétée', 'Completed'],
  [210, 'REFUSEE', 'Refusée', 'Refused', { final: true, needsReason: true }],
  [211, 'PAIEMENT_TRANSMIS', 'Paiement transmis', 'Payment transmitted'],
  [212, 'ENCAISSEE', 'Encaissée', 'Cashed', { final: true }],
  [213, 'REJETEE', 'Rejetée', 'Rejected', { final: true, rejects: true, needsReason: true }],
  [214, 'VISEE', 'Visée', 'Endorsed; flagged as to be verified, since the reference list it relies on does not contain it'],
  [220, 'ANNULEE', 'Annulée', 'Cancelled by its issuer (replaced by a corrective invoice or a credit note)', { final: true }],
  [221, 'ERREUR_DE_ROUTAGE', 'Erreur de routage', 'Routing error: the platform could not route the document to its recipient'],
  [224, 'DEMANDE_DE_PAIEMENT_DIRECT', 'Demande de paiement direct', 'Direct payment requested'],
  [225, 'AFFACTUREE', 'Affacturée', 'Factored: the receivable was assigned to a factor'],
  [226, 'AFFACTUREE_CONFIDENTIEL', 'Affacturée confidentiel', 'Factored, undisclosed (confidential factoring)'],
  [227, 'CHANGEMENT_DE_COMPTE_A_PAYER', 'Changement de compte à payer', 'Change of the account to be paid'],
  [228, 'NON_AFFACTUREE', 'Non affacturée', 'Not factored'],
  [
    250,
    'DONNEES_REGLEMENTAIRES_DEPOSEES',
    'Déposée',
    'Regulatory data (flow F1) checked as compliant by the public portal and passed to the tax administration',
  ],
  [
    251,
    'DONNEES_REGLEMENTAIRES_REJETEES',
    'Rejetée',
    'Regulatory data (flow F1) checked as non-compliant by the public portal, not passed to the tax administration',
  ],
  [
    300,
    'DONNEES_TRANSACTION_PAIEMENT_DEPOSEES',
    'Déposée',
    'Transaction and payment data (e-reporting, flow F10) checked as compliant and passed to the tax administration',
  ],
  [
    301,
    'DONNEES_TRANSACTION_PAIEMENT_REJETEES',
    'Rejetée',
    'Transaction and payment data (e-reporting, flow F10) checked as non-compliant, not passed on',
  ],
  [400, 'LIGNE_ANNUAIRE_ACCEPTEE', 'Acceptée', 'Directory line checked as compliant and integrated'],
  [401, 'LIGNE_ANNUAIRE_REJETEE', 'Rejetée', 'Directory line checked as non-compliant, not integrated'],
  [500, 'RECEVABLE', 'Recevable', 'Flow admissible: checked and compliant'],
  [
    501,
    'IRRECEVABLE',
    'Irrecevable',
    "Flow inadmissible: the file failed the platform's reception checks (empty, type, syntax, size, virus)",
    { final: true, rejects: true, needsReason: true },
  ],
  [601, 'STATUTS_OBLIGATOIRES_REJETES', 'Rejeté', 'Mandatory statuses checked as non-compliant by the public portal, not integrated'],
];

/** Every code of the CDV list, in code order. */
export const LIFECYCLE_CODES: readonly LifecycleCode[] = ENTRIES.map(([code, name, label, meaning, traits]) => ({
  code,
  name,
  label,
  meaning,
  final: traits?.final ?? false,
  rejects: traits?.rejects ?? false,
  needsReason: traits?.needsReason ?? false,
}));

const byCode = new Map(LIFECYCLE_CODES.map((entry) => [entry.code, entry]));

/** The code's entry, or undefined for a code outside the CDV list. */
export function lifecycleCode(code: number): LifecycleCode | undefined {
  return byCode.get(code);
}

/** The final codes (210, 212, 213, 220, 501), ascending. */
export const FINAL_CODES: readonly number[] = LIFECYCLE_CODES.filter((entry) => entry.final).map((entry) => entry.code);

/** The codes that move a submission to `rejected` (213, 501), ascending. */
export const REJECTING_CODES: readonly number[] = LIFECYCLE_CODES.filter((entry) => entry.rejects).map((entry) => entry.code);

/**
 * The label to show for a stored status: the gateway's own for a known code, else the label the PA wrote
 * (CDAR ProcessCondition, kept raw), else the code's digits. Never fails, whatever code was stored.
 */
export function displayLabel(code: number, platformLabel?: string | null): string {
  return lifecycleCode(code)?.label ?? (platformLabel || String(code));
}

/** The list as prose, runs of consecutive codes joined: "200 to 214, 220, 221, 224 to 228, ...". */
function describe(codes: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < codes.length; ) {
    let j = i;
    while (j + 1 < codes.length && codes[j + 1] === codes[j]! + 1) j++;
    parts.push(j - i >= 2 ? `${codes[i]} to ${codes[j]}` : codes.slice(i, j + 1).join(', '));
    i = j + 1;
  }
  return parts.join(', ');
}

/** "200 to 214, 220, 221, 224 to 228, 250, 251, 300, 301, 400, 401, 500, 501, 601": for messages and descriptions. */
export const LIFECYCLE_CODE_LIST = describe(LIFECYCLE_CODES.map((entry) => entry.code));
