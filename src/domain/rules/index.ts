/**
 * Conversion rules of the gateway: the checks behind the spec's 422 replies
 * ("a value cannot be converted", interface spec § Errors). Documents reach
 * them after the structural (400) check; the HTTP layer turns each
 * `RuleViolation` into a validation error item (JSON pointer + rule id).
 */
export { RULE_CATALOGUE, type RuleId, type RuleViolation } from '../../model/rule-catalogue.ts';
export { SUPPORTED_CURRENCIES, isSupportedCurrency } from './code-lists.ts';
export { checkInvoice } from './invoice.ts';
export { checkCreditNote } from './credit-note.ts';
