/** Fixtures for test/unit/validation: the official EN 16931 examples (artefacts/examples/) and a CDAR builder. */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Syntax } from '../../src/validation/index.ts';

const examplesDir = fileURLToPath(new URL('../../artefacts/examples/', import.meta.url));

/** Every official example of a syntax, as `[file name, xml]`, sorted by name. */
export function officialExamples(syntax: Syntax): Array<[string, string]> {
  const dir = `${examplesDir}en16931-${syntax}/`;
  return readdirSync(dir)
    .filter((name) => /\.xml$/i.test(name))
    .sort()
    .map((name) => [name, readFileSync(dir + name, 'utf8')]);
}

/** One official example by file name. */
export function officialExample(syntax: Syntax, name: string): string {
  return readFileSync(`${examplesDir}en16931-${syntax}/${name}`, 'utf8');
}

/** A skeletal CDAR lifecycle message (CDV, AFNOR XP Z12-012; valid against the CDAR D22B XSD) with the business process (MDT-2) and referenced document type (MDT-91) given. */
export function cdarMessage(businessProcess: string, documentType: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossDomainAcknowledgementAndResponse xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocumentContext>
    <ram:BusinessProcessSpecifiedDocumentContextParameter><ram:ID>${businessProcess}</ram:ID></ram:BusinessProcessSpecifiedDocumentContextParameter>
    <ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn.cpro.gouv.fr:1p0:CDV:invoice</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>
  </rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument><ram:ID>CDV-1</ram:ID><ram:IssueDateTime><udt:DateTimeString format="204">20250701151000</udt:DateTimeString></ram:IssueDateTime><ram:RecipientTradeParty><ram:RoleCode>SE</ram:RoleCode></ram:RecipientTradeParty></rsm:ExchangedDocument>
  <rsm:AcknowledgementDocument>
    <ram:ReferenceReferencedDocument><ram:IssuerAssignedID>F-1</ram:IssuerAssignedID><ram:TypeCode>${documentType}</ram:TypeCode></ram:ReferenceReferencedDocument>
  </rsm:AcknowledgementDocument>
</rsm:CrossDomainAcknowledgementAndResponse>`;
}

/**
 * The engine the validation suites run on: `VALIDATION_ENGINE` (`saxon-he`, `saxon-js` or `auto`), default
 * `saxon-js`; `.ci/run` runs them once per engine.
 */
export function testEngine(): 'auto' | 'saxon-he' | 'saxon-js' {
  const engine = process.env.VALIDATION_ENGINE;
  return engine === 'saxon-he' || engine === 'auto' ? engine : 'saxon-js';
}

/** The official CDAR examples (artefacts/examples/cdar/, FNFE-MPE 1.4.0.03), as `[file name, xml]`. */
export function cdarExamples(): Array<[string, string]> {
  const dir = `${examplesDir}cdar/`;
  return readdirSync(dir)
    .filter((name) => /\.xml$/i.test(name))
    .sort()
    .map((name) => [name, readFileSync(dir + name, 'utf8')]);
}
