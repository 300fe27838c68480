// Every journey of the browser suite, in the order they start (long ones first, so the two workers
// finish together), and where it runs. 'both': what it checks depends on the screen size, so it
// runs on the phone and the desktop project. Otherwise it runs on one: the phone by default, where
// every screen it passes through is also checked for sideways overflow; the desktop for a journey
// whose page plays no part. The reason is on each line; journeys.spec.ts turns this into tags.
//
// Checked before moving a journey to one project: it has no step that branches on the viewport, it
// reaches no screen whose layout only it checks (the accessibility journeys check every dashboard
// screen's layout, the sidebar and the sheet on both), and the features it walks (auth, account-data,
// contacts, card pages) have no responsive class that changes a colour, a size of text or what is
// shown, so axe and the assertions read the same page at 1440 px as at 390 px.
import type { Journey } from '../harness/journey.ts';
import { dashboardScreens } from './accessibility/dashboard-screens.ts';
import { overlays } from './accessibility/overlays.ts';
import { publicScreens } from './accessibility/public-screens.ts';
import { accountData } from './account-data.ts';
import { activation } from './activation.ts';
import { arabicDashboard } from './arabic-dashboard.ts';
import { badNetwork } from './bad-network.ts';
import { buttonStyles } from './button-styles.ts';
import { appFont } from './app-font.ts';
import { cardIsland } from './card-island.ts';
import { cardShare } from './card-share.ts';
import { cardWeight } from './card-weight.ts';
import { designedCard } from './designed-card.ts';
import { companyLogo } from './company-logo.ts';
import { contactExchange } from './contact-exchange.ts';
import { editorDesktop } from './editor-desktop.ts';
import { editorPhone } from './editor-phone.ts';
import { errorScreens } from './error-screens.ts';
import { httpOnlySession } from './httponly-session.ts';
import { integrations } from './integrations.ts';
import { keyboardLinks } from './keyboard/links.ts';
import { keyboardNavigation } from './keyboard/navigation.ts';
import { keyboardPasswordReset } from './keyboard/password-reset.ts';
import { keyboardProfile } from './keyboard/profile.ts';
import { keyboardThemesTemplates } from './keyboard/themes-templates.ts';
import { languageSetting } from './language-setting.ts';
import { linkKinds } from './link-kinds.ts';
import { linksThatSell } from './links-that-sell.ts';
import { orgMembers } from './org-members.ts';
import { orgTemplate } from './org-template.ts';
import { severalCards } from './several-cards.ts';
import { logout } from './logout.ts';
import { newcomer } from './newcomer.ts';
import { operators } from './operators.ts';
import { passkey } from './passkey.ts';
import { passwordReset } from './password-reset.ts';
import { qr } from './qr.ts';
import { rtlCard } from './rtl-card.ts';
import { shareKit } from './share-kit.ts';
import { customDomain } from './custom-domain.ts';
import { showQr } from './show-qr.ts';
import { signInEarly } from './sign-in-early.ts';
import { spanishSignIn } from './spanish-sign-in.ts';
import { staticPaths } from './static-paths.ts';
import { twoFactor } from './two-factor.ts';
import { truePreview } from './true-preview.ts';
import { twoTabs } from './two-tabs.ts';
import { typedDuringUpload } from './typed-during-upload.ts';
import { wideScreens } from './wide-screens.ts';

export type Projects = 'both' | 'phone' | 'desktop';
export type Placed = { journey: Journey; on: Projects; why: string };

export const journeys: Placed[] = [
  {
    journey: orgTemplate,
    on: 'phone',
    why: 'the owner runs the organisation from a phone (390 px) and its members claim and edit their cards on theirs; what is stored, refused and counted is the same at any size, and the web tests check each tab',
  },
  {
    journey: orgMembers,
    on: 'phone',
    why: 'the owner runs the organisation from a phone (390 px); what is stored and served is the same at any size, and the web tests check each screen',
  },
  {
    journey: newcomer,
    on: 'both',
    why: 'the preview is a dialog on the phone and beside the form on the desktop; links are reordered by keyboard there and dragged with the mouse here; the sheet or the sidebar; the visitor browses at the same size',
  },
  {
    journey: overlays,
    on: 'both',
    why: "axe on the phone's navigation sheet and preview dialog, and on the desktop's collapsed sidebar; every overlay over each layout",
  },
  {
    journey: dashboardScreens,
    on: 'both',
    why: 'axe on every dashboard screen as drawn at each size: the sidebar and the live preview beside the editors, or the top bar and the Preview button',
  },
  {
    journey: twoFactor,
    on: 'both',
    why: "axe on Security's set-up, QR code and recovery codes and on the second-factor sign-in, whose layout changes at sm (rows become columns); no other journey checks these states",
  },
  {
    journey: operators,
    on: 'both',
    why: "the desktop opens the console from the sidebar's link, the phone by its address; the owner's dashboard at each size",
  },
  {
    journey: publicScreens,
    on: 'both',
    why: "axe on the landing page, the sign-in screens and the card's error screens as laid out at each size (the landing header and auth card change at sm)",
  },
  {
    journey: customDomain,
    on: 'phone',
    why: 'what it checks is served by the Worker whatever the size: one run of the .localhost path is enough',
  },
  {
    journey: shareKit,
    on: 'both',
    why: 'axe on the Share section (channel list, NFC instructions, import message), whose layout changes at sm and which the accessibility journeys do not visit',
  },
  {
    journey: integrations,
    on: 'phone',
    why: 'a token and a webhook made in Settings and used from outside; what is stored, sent and verified is the same at any size, and the web tests check the screen',
  },
  {
    journey: editorPhone,
    on: 'phone',
    why: 'what it checks is the phone: links pasted with its keyboards, titles whole at 390 px, a drag by touch, a camera photo; the desktop editor has its own journey',
  },
  {
    journey: twoTabs,
    on: 'phone',
    why: 'what it checks is what is stored and what each form holds, the same at any size',
  },
  {
    journey: linkKinds,
    on: 'phone',
    why: 'the owner sets up sections, the social row and a schedule from a phone (390 px, touch); what is stored and drawn is the same at any size, and the worker and web tests check it',
  },
  {
    journey: linksThatSell,
    on: 'phone',
    why: 'six links pasted on a phone (390 px, its keyboard), and a visitor on a phone taps the player; the pages read, what is stored and what the card asks for are the same at any size',
  },
  {
    journey: companyLogo,
    on: 'phone',
    why: 'the owner puts a logo on the card and in the QR from a phone; what is stored and decoded is the same at any size, and the web tests check the field and the switch',
  },
  {
    journey: designedCard,
    on: 'phone',
    why: 'the owner builds the card on a phone and a visitor on a phone reads it over the photo; the veil, the buttons and what is stored are the same at any size, and the Share button is checked at both sizes by card-share',
  },
  {
    journey: typedDuringUpload,
    on: 'phone',
    why: 'what it checks is what is stored and what the form holds while an upload runs, the same at any size',
  },
  {
    journey: badNetwork,
    on: 'phone',
    why: 'people lose their signal on their phones; the failures and their words are the same on a desktop, where the web tests check them too',
  },
  {
    journey: wideScreens,
    on: 'desktop',
    why: 'what it checks is how Share, Contacts and Your data use a 1440 px screen; on a phone they are one column at any rate',
  },
  {
    journey: truePreview,
    on: 'both',
    why: 'the preview is a sheet opened from the foot of the screen on the phone and a frame beside the form on the desktop, where the Links preview scrolls to the edited link',
  },
  {
    journey: editorDesktop,
    on: 'desktop',
    why: 'the live preview beside the editors exists only on a wide screen (a Preview button on the phone)',
  },
  {
    journey: httpOnlySession,
    on: 'both',
    why: "the session's journeys (sign-in, refresh, other sessions, switch) are asked to pass at both sizes; they go through the sheet or the sidebar, the account menu and Security as each size lays them out",
  },
  {
    journey: showQr,
    on: 'both',
    why: "the phone opens the code from the header's QR button, the desktop from Share's 'Show full screen' (its header downloads); axe on the full-screen code and the Share section's QR and background panels",
  },
  {
    journey: contactExchange,
    on: 'phone',
    why: "Contacts has no responsive layout and the visitor's browser has its own default size; the shell around it is checked on both by the accessibility journeys",
  },
  {
    journey: cardWeight,
    on: 'desktop',
    why: 'measures the card on a 3x phone and a 2x desktop itself, each in a browser context of that size; its page plays no part',
  },
  {
    journey: keyboardProfile,
    on: 'both',
    why: "the Tab order passes the live preview beside the form on the desktop and the phone's Preview button; the sheet or the sidebar by keys",
  },
  {
    journey: keyboardThemesTemplates,
    on: 'both',
    why: 'Templates has the live preview on the desktop and the Preview button on the phone in its Tab order; the sheet or the sidebar by keys',
  },
  {
    journey: keyboardNavigation,
    on: 'both',
    why: "the phone's navigation sheet (Escape, focus back to its button) and the desktop's sidebar collapsing by keys",
  },
  {
    journey: keyboardLinks,
    on: 'both',
    why: 'Manage Links has the live preview on the desktop and the Preview button on the phone in its Tab order',
  },
  {
    journey: passkey,
    on: 'phone',
    why: "the virtual authenticator and the sign-in do not depend on the screen; Security's layout is checked on both by the accessibility journeys",
  },
  {
    journey: signInEarly,
    on: 'phone',
    why: 'the prerendered sign-in screens and the hand-over to the app are the same at every size',
  },
  {
    journey: spanishSignIn,
    on: 'phone',
    why: 'the prerendered page per language, the hand-over to the app and the language links are the same at every size',
  },
  {
    journey: activation,
    on: 'phone',
    why: 'registration, the activation dialog and the operator command are the same at every size',
  },
  {
    journey: passwordReset,
    on: 'phone',
    why: 'the six boxes are one component at every size; the phone run both pastes (the wrong code) and types (the right one), so both ways of entering are checked',
  },
  {
    journey: arabicDashboard,
    on: 'phone',
    why: 'the Arabic dashboard at 390 px, where sideways scroll and the sheet show; the desktop sidebar is mirrored by the same logical classes',
  },
  {
    journey: rtlCard,
    on: 'phone',
    why: 'the Arabic card at 390 px, where sideways scroll shows; the card has no layout of its own at 1440 px beyond its width',
  },
  {
    journey: buttonStyles,
    on: 'phone',
    why: 'the button style and shape are the same classes at every size; the owner asked for the outline pill checked on a 390 px phone',
  },
  {
    journey: cardShare,
    on: 'both',
    why: 'where the Share button sits beside the links, and its sheet (from the bottom edge on a phone, in the middle on a desktop), depend on the screen',
  },
  {
    journey: cardIsland,
    on: 'phone',
    why: "the card's island, its share and download, and the card without JavaScript are the same at every size",
  },
  {
    journey: appFont,
    on: 'phone',
    why: 'the font each screen draws in does not depend on the screen size',
  },
  {
    journey: accountData,
    on: 'phone',
    why: "the export, the deletion and their messages do not depend on the screen; Your data's layout is checked on both by the accessibility journeys",
  },
  {
    journey: severalCards,
    on: 'phone',
    why: "the switcher, 'New card' and the overview's list are the same flow at every size; the phone is where the header is tightest",
  },
  {
    journey: languageSetting,
    on: 'phone',
    why: "the setting, the reload and the sign-in page in the chosen language are the same at every size; Settings' layout is checked on both by the accessibility journeys",
  },
  {
    journey: logout,
    on: 'phone',
    why: 'the account menu and its dialog are the same at every size; logging out by keys runs on both (keyboard navigation)',
  },
  {
    journey: keyboardPasswordReset,
    on: 'phone',
    why: 'the sign-in and reset screens have the same Tab order at every size (one column; sm only changes padding)',
  },
  {
    journey: qr,
    on: 'phone',
    why: "the QR dialog's colours and download do not depend on the screen size",
  },
  {
    journey: errorScreens,
    on: 'phone',
    why: 'statuses and messages do not depend on the screen size',
  },
  {
    journey: staticPaths,
    on: 'desktop',
    why: 'answers read over HTTP; no page is opened',
  },
];
