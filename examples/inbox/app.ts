// The service's own Inbox UI (`@novu/js/ui`, unmodified) against svc-mock: the page reads where
// the server is from its query string (`?api=http://127.0.0.1:4010&app=<identifier>&subscriber=demo-ada`)
// and mounts the Inbox with the two lines of configuration a developer needs: `apiUrl` and
// `socketUrl` both at the server (docs/inbox.md).
import { NovuUI } from '@novu/js/ui';

const query = new URLSearchParams(location.search);
const api = query.get('api') ?? 'http://127.0.0.1:4010';

const ui = new NovuUI({
  options: {
    applicationIdentifier: query.get('app') ?? '',
    subscriber: query.get('subscriber') ?? 'demo-ada',
    apiUrl: api,
    socketUrl: api,
  },
});
const element = document.getElementById('inbox');
if (element) ui.mountComponent({ name: 'Inbox', element });
