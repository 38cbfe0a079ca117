// A small app in mock mode: the client talks to the engine through MSW's service worker.
import { NotFoundError, type Svc } from '@svc/api';
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

async function main(): Promise<void> {
  const root = document.getElementById('app');
  if (!root) throw new Error('no #app element');
  const mock = setupSvcWorker({
    seed: {
      subscribers: [
        { subscriberId: 'ada', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
      ],
    },
  });
  await mock.start({ quiet: true, onUnhandledRequest: 'bypass' });
  root.textContent = '';
  const svc = mock.client();
  await renderSubscriber(svc, root);
  await renderMissing(svc, root);
  document.body.dataset['state'] = 'ready';
}

main().catch((error: unknown) => {
  document.body.dataset['state'] = 'failed';
  const cause = error instanceof Error && error.cause ? ` (cause: ${String(error.cause)})` : '';
  document.body.append(element('pre', `${String(error)}${cause}`, { 'data-testid': 'failure' }));
});
