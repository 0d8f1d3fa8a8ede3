/** Loads every type file and exports the executable schema. */
import { builder } from './builder.ts';
import './types/scalars.ts';
import './types/enums.ts';
import './types/lifecycle-status.ts';
import './types/submission.ts';
import './types/submission-details.ts';
import './types/submission-filter.ts';
import './types/submission-list.ts';
import './types/dashboard.ts';
import './types/submission-accepted.ts';
import './types/errors.ts';
import './types/tax-input.ts';
import './types/customer-snapshot-input.ts';
import './types/invoice.ts';
import './types/credit-note.ts';
import './types/lifecycle-event.ts';
import './types/flow-callback.ts';
import './types/submission-event.ts';
import './types/webhook-endpoint.ts';
import './types/webhook-delivery.ts';
import './types/seller-profile.ts';
import './types/seller.ts';
import './types/generated-document.ts';
import './types/platform-delivery.ts';
import './types/e-report.ts';

export const schema = builder.toSchema({ sortSchema: true });
