-- A link icon is empty, a catalogue icon, an upload under /media/ or an https URL (README,
-- Decisions: icons). Any other value (another path of this site such as /v1/link/7/click or
-- /p/someone, an http:// URL, a protocol-relative //host/x) is cleared: the card then shows the
-- default icon. The catalogue below is the one of this release.
UPDATE links SET icon = '', updated_at = (unixepoch('subsec') * 1000)
WHERE icon <> ''
  AND icon NOT IN (
    '/icons/default.svg', '/icons/instagram.svg', '/icons/facebook.svg', '/icons/twitter.svg', '/icons/tiktok.svg', '/icons/snapchat.svg',
    '/icons/pinterest.svg', '/icons/reddit.svg', '/icons/tumblr.svg', '/icons/threads.svg', '/icons/mastodon.svg', '/icons/bluesky.svg',
    '/icons/vk.svg', '/icons/weibo.svg', '/icons/linkedin.svg', '/icons/xing.svg', '/icons/behance.svg', '/icons/dribbble.svg',
    '/icons/medium.svg', '/icons/substack.svg', '/icons/producthunt.svg', '/icons/upwork.svg', '/icons/fiverr.svg', '/icons/calendly.svg',
    '/icons/github.svg', '/icons/gitlab.svg', '/icons/bitbucket.svg', '/icons/codeberg.svg', '/icons/stackoverflow.svg', '/icons/codepen.svg',
    '/icons/devto.svg', '/icons/hashnode.svg', '/icons/leetcode.svg', '/icons/hackerrank.svg', '/icons/kaggle.svg', '/icons/npm.svg',
    '/icons/replit.svg', '/icons/youtube.svg', '/icons/twitch.svg', '/icons/spotify.svg', '/icons/soundcloud.svg', '/icons/applemusic.svg',
    '/icons/vimeo.svg', '/icons/bandcamp.svg', '/icons/letterboxd.svg', '/icons/goodreads.svg', '/icons/email.svg', '/icons/phone.svg',
    '/icons/whatsapp.svg', '/icons/telegram.svg', '/icons/signal.svg', '/icons/discord.svg', '/icons/skype.svg', '/icons/messenger.svg',
    '/icons/line.svg', '/icons/slack.svg', '/icons/steam.svg', '/icons/xbox.svg', '/icons/playstation.svg', '/icons/epicgames.svg',
    '/icons/itchio.svg', '/icons/roblox.svg', '/icons/chess.svg', '/icons/website.svg', '/icons/paypal.svg', '/icons/patreon.svg',
    '/icons/kofi.svg', '/icons/buymeacoffee.svg', '/icons/linktree.svg', '/icons/cashapp.svg', '/icons/venmo.svg', '/icons/etsy.svg',
    '/icons/custom.svg'
  )
  AND NOT (
    substr(icon, 1, 7) = '/media/' AND length(icon) > 7
    AND icon NOT GLOB '*[^A-Za-z0-9._~/-]*' AND instr(icon, '//') = 0 AND icon NOT GLOB '*/'
    AND instr(icon || '/', '/../') = 0
  )
  AND NOT (lower(substr(icon, 1, 8)) = 'https://' AND length(icon) > 8);
