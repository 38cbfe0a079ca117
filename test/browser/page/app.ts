// A small app in mock mode: the client talks to the engine through MSW's service worker.
import { NotFoundError, type Svc } from '@svc/api';
import type { MockEngine } from '@svc/api/mock';
import { setupSvcWorker } from '@svc/api/mock/browser';

function element(tag: string, text: string, attributes: Record<string, string> = {}): HTMLElement {
  const node = document.createElement(tag);
  node.textContent = text;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

async function renderSubscriber(svc: Svc, root: HTMLElement): Promise<void> {
  const subscriber = await svc.subscribers.retrieve('ada');
  const card = element('section', '', { class: 'card', 'data-testid': 'subscriber' });
  card.append(
    element('h1', `${subscriber.firstName} ${subscriber.lastName}`, { 'data-testid': 'name' }),
    element('p', subscriber.email ?? '', { 'data-testid': 'email' }),
    element('p', `Subscriber ${subscriber.subscriberId}`, { 'data-testid': 'id' }),
  );
  root.append(card);
}

async function renderMissing(svc: Svc, root: HTMLElement): Promise<void> {
  try {
    await svc.subscribers.retrieve('nobody');
    root.append(element('p', 'unexpectedly found', { 'data-testid': 'missing' }));
  } catch (error) {
    const text =
      error instanceof NotFoundError ? `NotFoundError ${error.status}` : `other: ${String(error)}`;
    root.append(element('p', text, { class: 'error', 'data-testid': 'missing' }));
  }
}

// Listing a subscriber's inbox is not one of the service's 14 operations, and activity jobs carry
// no message ids: the page owns the engine, so it reads the delivered in-app messages from
// `engine.outbox` and changes them through the client (mark-as), as docs/mock-mode.md says.
async function renderInbox(svc: Svc, engine: MockEngine, root: HTMLElement): Promise<void> {
  for (const plan of ['pro', 'team']) {
    await svc.events.trigger({ name: 'welcome', to: 'ada', payload: { plan } });
  }
  const activity = await svc.notifications.list({ subscriberIds: ['ada'] });
  root.append(
    element('p', `${activity.data.length} notifications`, { 'data-testid': 'notifications' }),
  );
  const list = element('ul', '', { 'data-testid': 'inbox' });
  for (const message of engine.outbox.list({ channel: 'in_app', subscriberId: 'ada' })) {
    const item = element('li', '', { 'data-message-id': message.messageId, 'data-read': 'false' });
    const button = element('button', 'Mark read', { type: 'button' });
    button.addEventListener('click', async () => {
      button.setAttribute('disabled', '');
      const [updated] = await svc.subscribers.messages.markAs('ada', {
        messageId: message.messageId,
        markAs: 'read',
      });
      item.dataset['read'] = String(updated?.read ?? false);
      button.textContent = updated?.read ? 'Read' : 'Mark read';
    });
    item.append(element('span', String(message.content), { class: 'content' }), button);
    list.append(item);
  }
  root.append(list);
  const email = engine.outbox.last({ channel: 'email', subscriberId: 'ada' });
  root.append(element('pre', String(email?.content), { 'data-testid': 'email-html' }));
}

// Translation files from the browser: a File the page makes, sent as multipart/form-data through
// the client and the service worker; the engine stores it under the file name's locale.
async function renderUpload(svc: Svc, root: HTMLElement): Promise<void> {
  const file = new File([JSON.stringify({ greeting: 'Hola' })], 'es_ES.json', {
    type: 'application/json',
  });
  const result = await svc.translations.upload({
    resourceId: 'welcome',
    resourceType: 'workflow',
    files: [file],
  });
  const spanish = await svc.translations.retrieve('workflow', 'welcome', 'es_ES');
  root.append(
    element('p', `${result.successfulUploads} uploaded: ${String(spanish.content['greeting'])}`, {
      'data-testid': 'upload',
    }),
  );
}

async function main(): Promise<void> {
  const root = document.getElementById('app');
  if (!root) throw new Error('no #app element');
  const mock = setupSvcWorker({
    seed: {
      subscribers: [
        { subscriberId: 'ada', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
      ],
      workflows: [
        {
          workflowId: 'welcome',
          name: 'Welcome',
          steps: [
            {
              type: 'in_app',
              name: 'Inbox',
              controlValues: { body: 'Welcome, {{subscriber.firstName}}: {{payload.plan}} plan' },
            },
            {
              // The email body goes through the engine's HTML sanitiser (sanitize-html) in the page.
              type: 'email',
              name: 'Email',
              controlValues: {
                subject: 'Welcome',
                body: '<p onclick="x()">{{payload.plan}} & co</p><script>alert(1)</script>',
              },
            },
          ],
        },
      ],
    },
  });
  await mock.start({ quiet: true, onUnhandledRequest: 'bypass' });
  root.textContent = '';
  const svc = mock.client();
  await renderSubscriber(svc, root);
  await renderMissing(svc, root);
  await renderInbox(svc, mock.engine, root);
  await renderUpload(svc, root);
  document.body.dataset['state'] = 'ready';
}

main().catch((error: unknown) => {
  document.body.dataset['state'] = 'failed';
  const cause = error instanceof Error && error.cause ? ` (cause: ${String(error.cause)})` : '';
  document.body.append(element('pre', `${String(error)}${cause}`, { 'data-testid': 'failure' }));
});
