// The public card's island : loaded as a module after the server-rendered card has
// painted. It adds what needs a script and nothing the card needs to work: click reports,
// the share / QR button, the /qr page's code and the 404 page's Go Back.
import { readCard } from './card-data';
import { reportClicks } from './clicks';
import { mountFab } from './fab';
import { offerShareBack } from './share-back';
import { injectStyles } from './styles';

const card = document.getElementById('card');
const qrPage = document.getElementById('qr-page');

if (card || qrPage) injectStyles();

if (card) {
  reportClicks(card);
  mountFab(readCard(card));
  offerShareBack(card, readCard(card));
}

if (qrPage) {
  const root = document.getElementById('qr-root');
  if (root) void import('./qr-panel').then(({ mountQrPanel }) => mountQrPanel(root, readCard(qrPage)));
}

for (const back of document.querySelectorAll<HTMLAnchorElement>('[data-go-back]')) {
  back.addEventListener('click', (event) => {
    if (history.length > 1) {
      event.preventDefault();
      history.back();
    }
  });
}
