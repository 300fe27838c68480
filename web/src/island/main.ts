// The public card's island : loaded as a module after the server-rendered card has
// painted. It adds what needs a script and nothing the card needs to work: click reports,
// the share sheet and its QR, the /qr page's code and the 404 page's Go Back, in the page's language.
import { readCard } from './card-data';
import { reportClicks } from './clicks';
import { playOnTap } from './player-tap';
import { mountShareMenu } from './share-menu';
import { offerShareBack } from './share-back';
import { injectStyles } from './styles';
import { reportShownView } from './views';
import { loadWords } from './words';

const card = document.getElementById('card');
const qrPage = document.getElementById('qr-page');

if (card || qrPage) injectStyles();

// Clicks are reported at once, and a view the server could not count (a card fetched ahead) once
// it is seen; the controls wait for the card's words (one small chunk).
if (card) {
  reportClicks(card);
  playOnTap(card);
  reportShownView(readCard(card).username);
}

if (card || qrPage) {
  const words = loadWords();
  // Listening at once: 'Save contact' tapped before the words arrive still offers the way back.
  if (card) offerShareBack(card, readCard(card), words);
  void words.then((t) => {
    if (card) mountShareMenu(card, readCard(card), t);
    const root = qrPage && document.getElementById('qr-root');
    if (qrPage && root) void import('./qr-panel').then(({ mountQrPanel }) => mountQrPanel(root, readCard(qrPage), t));
  });
}

for (const back of document.querySelectorAll<HTMLAnchorElement>('[data-go-back]')) {
  back.addEventListener('click', (event) => {
    if (history.length > 1) {
      event.preventDefault();
      history.back();
    }
  });
}
