// A workflow that needs every library the engine bundles (scripts/engine-dependencies.mjs), as
// JavaScript source a consumer project's script embeds: `SEED` and `async scenario(engine, svc)`,
// which triggers it through the client and answers what the engine did.

/**
 * The script text defining `SEED` and `scenario`. With `nodeHash`, the subject ends with the
 * first characters of liquidjs's `sha256` of `x`, which only its Node build computes
 * synchronously (the reason for `NODE_BUILDS`).
 *
 * @example
 * ```ts
 * project.node(['--input-type=module', '-e', `${engineScenario({ nodeHash: true })}\n...`]);
 * ```
 */
export function engineScenario(options: { nodeHash: boolean }): string {
  const hash = options.nodeHash ? ' {{ "x" | sha256 | slice: 0, 8 }}' : '';
  return `const SEED = {
  subscribers: [{ subscriberId: 'ada', email: 'ada@example.com', firstName: 'Ada' }],
  workflows: [
    {
      workflowId: 'receipt',
      // ajv, its formats, and re2js for the pattern.
      validatePayload: true,
      payloadSchema: {
        type: 'object',
        properties: {
          order: { type: 'string', pattern: '^a+$' },
          contact: { type: 'string', format: 'email' },
        },
        required: ['order'],
      },
      steps: [
        // croner: the email waits for the next 09:00.
        { type: 'delay', name: 'Wait', controlValues: { type: 'timed', cron: '0 9 * * *' } },
        {
          type: 'email',
          name: 'Mail',
          controlValues: {
            // liquidjs, then sanitize-html for the body.
            subject: 'Order {{ payload.order | upcase }}${hash}',
            body: '<p onclick="steal()">Hi {{ subscriber.firstName }}</p><script>alert(1)</script>',
            // json-logic-js: the step runs unless the order is "aa".
            skip: { '!=': [{ var: 'payload.order' }, 'aa'] },
          },
        },
      ],
    },
  ],
};
const CLOCK_START = '2026-01-01T00:00:00.000Z';
async function scenario(engine, svc) {
  const trigger = (payload) =>
    svc.events.trigger({ name: 'receipt', to: 'ada', payload }).then(
      (result) => result.status,
      (error) => error.status,
    );
  const result = {
    pattern: await trigger({ order: 'b' }),
    format: await trigger({ order: 'a', contact: 'nope' }),
    valid: await trigger({ order: 'a', contact: 'ada@example.com' }),
    skipped: await trigger({ order: 'aa' }),
    before9: engine.outbox.count(),
  };
  engine.clock.advance('9h');
  result.sent = engine.outbox.list().map(({ channel, subject, content }) => ({ channel, subject, content }));
  return result;
}
`;
}

/** What `scenario` answers: two 400s from the payload schema, one email after 09:00. */
export function expectedScenario(options: { nodeHash: boolean }) {
  return {
    pattern: 400,
    format: 400,
    valid: 'processed',
    skipped: 'processed',
    before9: 0,
    sent: [
      {
        channel: 'email',
        subject: options.nodeHash ? 'Order A 2d711642' : 'Order A',
        content: '<p>Hi Ada</p>',
      },
    ],
  };
}
