/**
 * `notifyFlowUpdated`: a PA reports that one of its flows changed (AFNOR XP
 * Z12-013 Flow Service 1.1.0 webhook callback): our outgoing invoice flow got
 * its acknowledgement, or a new incoming CDAR status flow is there. Only a
 * platform credential may call it; `POST /pa/v1/flow-callbacks` runs it.
 *
 * The resolver only hands the flow to the PA connector
 * (`context.platform.flowUpdated`), which fetches it in the background, so
 * the PA gets its 200 at once. Nothing is stored here: the connector reads
 * the flow from the PA itself, so a forged or replayed callback can at most
 * make it look earlier than its next poll.
 */
import { InputValidationError } from '@pothos/plugin-validation';
import { platformOf } from '../auth.ts';
import { builder } from '../builder.ts';
import { resultErrors } from '../fields.ts';
import { type FlowInputValue, FlowUpdatedInput, flowUpdatedArguments, toFlow } from './flow-input.ts';

/** What the gateway took note of. */
interface FlowUpdateReceived {
  flowId: string;
}

const FlowUpdateReceivedRef = builder.objectRef<FlowUpdateReceived>('FlowUpdateReceived').implement({
  description: 'The callback was taken: the connector fetches the flow from the PA in the background.',
  fields: (t) => ({ flowId: t.exposeString('flowId', { description: 'The flow the callback was about.' }) }),
});

builder.mutationField('notifyFlowUpdated', (t) =>
  t.field({
    type: FlowUpdateReceivedRef,
    description:
      'Platform only: a flow changed on the PA (Flow Service 1.1.0 webhook callback). Answers at once; the PA ' +
      'connector re-reads the flow in the background. Calling it twice for one change is harmless.',
    errors: resultErrors('NotifyFlowUpdatedResult', [InputValidationError]),
    args: { input: t.arg({ type: FlowUpdatedInput, required: true }) },
    validate: flowUpdatedArguments,
    resolve: (_root, { input }, ctx) => {
      platformOf(ctx);
      const flow = toFlow(input.flowInfo as FlowInputValue);
      ctx.platform.flowUpdated(flow);
      return { flowId: flow.flowId };
    },
  }),
);
