/**
 * PA lifecycle codes 200 to 214 with their labels exactly as the interface
 * spec gives them (§ States and transitions, lifecycle code).
 */

/** One lifecycle code: its number, the French label as given, and the spec's meaning in English. */
export interface LifecycleCode {
  code: number;
  /** Stable enum name (GraphQL `LifecycleCode`), ASCII. */
  name: string;
  label: string;
  meaning: string;
  /** Final statuses end the document's life: 210 Refusée, 212 Encaissée, 213 Rejetée. */
  final: boolean;
}

export const LIFECYCLE_CODES: readonly LifecycleCode[] = [
  { code: 200, name: 'DEPOSEE', label: 'Déposée', meaning: 'Filed', final: false },
  { code: 201, name: 'EMISE', label: 'Émise', meaning: 'Issued', final: false },
  { code: 202, name: 'RECUE', label: 'Reçue', meaning: 'Received', final: false },
  { code: 203, name: 'MISE_A_DISPOSITION', label: 'Mise à disposition', meaning: 'Made available', final: false },
  { code: 204, name: 'PRISE_EN_CHARGE', label: 'Prise en charge', meaning: 'Taken over', final: false },
  { code: 205, name: 'APPROUVEE', label: 'Approuvée', meaning: 'Approved', final: false },
  { code: 206, name: 'APPROUVEE_PARTIELLEMENT', label: 'Approuvée partiellement', meaning: 'Partially approved', final: false },
  { code: 207, name: 'EN_LITIGE', label: 'En litige', meaning: 'Disputed', final: false },
  { code: 208, name: 'SUSPENDUE', label: 'Suspendue', meaning: 'Suspended', final: false },
  { code: 209, name: 'COMPLETEE', label: 'Complétée', meaning: 'Completed', final: false },
  { code: 210, name: 'REFUSEE', label: 'Refusée', meaning: 'Refused', final: true },
  { code: 211, name: 'PAIEMENT_TRANSMIS', label: 'Paiement transmis', meaning: 'Payment transmitted', final: false },
  { code: 212, name: 'ENCAISSEE', label: 'Encaissée', meaning: 'Cashed', final: true },
  { code: 213, name: 'REJETEE', label: 'Rejetée', meaning: 'Rejected', final: true },
  {
    code: 214,
    name: 'VISEE',
    label: 'Visée',
    meaning: 'Endorsed; flagged as to be verified, since the reference list it relies on does not contain it',
    final: false,
  },
];

const byCode = new Map(LIFECYCLE_CODES.map((entry) => [entry.code, entry]));

/** The code's entry, or undefined outside 200 to 214. */
export function lifecycleCode(code: number): LifecycleCode | undefined {
  return byCode.get(code);
}
