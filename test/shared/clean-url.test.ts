import { describe, expect, it } from 'vitest';
import { cleanUrl, readableAddress, TRACKING_PAIRS, TRACKING_PARAMETERS } from '../../shared/clean-url';
import { playerOf, playerFrameSrc } from '../../shared/players';

describe('cleanUrl', () => {
  it.each(TRACKING_PARAMETERS.map((name) => name.replace('*', 'source')))('removes %s', (name) => {
    expect(cleanUrl(`https://example.com/a?${name}=x`)).toBe('https://example.com/a');
    expect(cleanUrl(`https://example.com/a?keep=1&${name}=x#top`)).toBe('https://example.com/a?keep=1#top');
  });

  it.each(TRACKING_PAIRS.map(([name, value]) => `${name}=${value}`))('removes %s but not other values', (pair) => {
    expect(cleanUrl(`https://youtube.com/watch?v=abc&${pair}`)).toBe('https://youtube.com/watch?v=abc');
    expect(cleanUrl('https://example.com/?feature=maps')).toBe('https://example.com/?feature=maps');
  });

  it('cleans the links people paste from apps', () => {
    expect(cleanUrl('https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC?si=1a2b3c')).toBe(
      'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC',
    );
    expect(cleanUrl('https://www.instagram.com/ada?igsh=MWQ1ZGUxMzBkMA==')).toBe('https://www.instagram.com/ada');
    expect(cleanUrl('https://youtu.be/dQw4w9WgXcQ?si=AbC&t=42')).toBe('https://youtu.be/dQw4w9WgXcQ?t=42');
    expect(cleanUrl('https://ada.dev/?UTM_Source=news&utm_medium=mail&fbclid=IwAR&gclid=x&mc_eid=1&p=2')).toBe(
      'https://ada.dev/?p=2',
    );
  });

  it('keeps everything else exactly as written', () => {
    for (const kept of [
      'https://example.com/search?q=a%20b&lang=en',
      'https://example.com/path#si=1',
      'mailto:ada@example.com?subject=utm_source',
      'tel:+15551234',
      'https://example.com/',
    ])
      expect(cleanUrl(kept)).toBe(kept);
  });
});

describe('readableAddress', () => {
  it('shows host and path, never the query or fragment', () => {
    expect(readableAddress('https://www.example.com/blog/post/?utm_source=x&id=7#c')).toBe('example.com/blog/post');
    expect(readableAddress('https://example.com/')).toBe('example.com');
    expect(readableAddress('mailto:ada@example.com')).toBe('ada@example.com');
    expect(readableAddress('https://example.com/caf%C3%A9')).toBe('example.com/café');
  });
});

describe('playerOf', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1'],
    ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1'],
    ['https://youtube.com/shorts/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1'],
    [
      'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC',
      'https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC',
    ],
    [
      'https://open.spotify.com/intl-de/album/1ATL5GLyefJaxhQzSPVrLX',
      'https://open.spotify.com/embed/album/1ATL5GLyefJaxhQzSPVrLX',
    ],
    [
      'https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M',
      'https://open.spotify.com/embed/playlist/37i9dQZF1DXcBWIGoYBM5M',
    ],
    [
      'https://open.spotify.com/episode/512ojhOuo1ktJprKbVcKyQ',
      'https://open.spotify.com/embed/episode/512ojhOuo1ktJprKbVcKyQ',
    ],
    [
      'https://soundcloud.com/forss/flickermood',
      'https://w.soundcloud.com/player/?url=https%3A%2F%2Fsoundcloud.com%2Fforss%2Fflickermood&auto_play=true',
    ],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871?autoplay=1&dnt=1'],
    [
      'https://music.apple.com/us/album/abbey-road/1441164426',
      'https://embed.music.apple.com/us/album/abbey-road/1441164426',
    ],
  ])('plays %s as %s', (address, embed) => {
    expect(playerOf(address)?.embed).toBe(embed);
  });

  it.each([
    'https://www.youtube.com/@ada',
    'https://www.youtube.com/watch?v=short',
    'https://evil-youtube.com/watch?v=dQw4w9WgXcQ',
    'https://open.spotify.com/artist/0OdUWJ0sBjDrqHygGUXeCF',
    'https://soundcloud.com/forss/sets/soulhack',
    'https://music.apple.com/us/artist/the-beatles/136975',
    'https://example.com/',
    'mailto:ada@example.com',
  ])('does not play %s', (address) => {
    expect(playerOf(address)).toBeNull();
  });

  it('frames only the embed hosts of the links shown as players', () => {
    expect(playerFrameSrc([{ url: 'https://youtu.be/dQw4w9WgXcQ', display: 'button' }])).toBeNull();
    expect(
      playerFrameSrc([
        { url: 'https://youtu.be/dQw4w9WgXcQ', display: 'player' },
        { url: 'https://vimeo.com/76979871', display: 'player' },
      ]),
    ).toBe('frame-src https://player.vimeo.com https://www.youtube-nocookie.com');
  });
});
