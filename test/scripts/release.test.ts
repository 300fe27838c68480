import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { repo } from './local-state';

// `npm run release` in a repository of its own, made for each test: the script commits and tags
// there as it would here.

const CHANGELOG = `# Changelog

Intro.

## [Unreleased]

### Added

- Backups of every database.

### Fixed

- A declined migration stops the deploy.

## [1.0.0] - 2026-12-04

### Added

- The first release.
`;
const NEEDS = {
  Unreleased: { bindings: [{ name: 'METRICS', what: 'the metrics (Analytics Engine)' }], secrets: [] },
  '1.0.0': { bindings: [{ name: 'DB', what: 'the accounts database (D1)' }], secrets: [] },
};
const LOCK = {
  name: 'cardlink',
  version: '1.0.0',
  lockfileVersion: 3,
  packages: { '': { name: 'cardlink', version: '1.0.0' } },
};

const OPENAPI = `node -e \\"require('fs').writeFileSync('api-version.txt', require('./package.json').version + '\\\\n')\\"`;
let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function repository(changelog = CHANGELOG) {
  dir = mkdtempSync(join(tmpdir(), 'cardlink-release-'));
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();
  git('init', '-q', '-b', 'main');
  for (const [key, value] of [
    ['user.name', 'Release Test'],
    ['user.email', 'release@example.org'],
    ['commit.gpgsign', 'false'],
    ['tag.gpgsign', 'false'],
  ])
    git('config', key!, value!);
  writeFileSync(join(dir, 'CHANGELOG.md'), changelog);
  // Its openapi script stands for the API reference, which names the version.
  writeFileSync(
    join(dir, 'package.json'),
    `{\n  "name": "cardlink",\n  "version": "1.0.0",\n  "type": "module",\n  "scripts": { "openapi": "${OPENAPI}" }\n}\n`,
  );
  writeFileSync(join(dir, 'api-version.txt'), '1.0.0\n');
  writeFileSync(join(dir, 'package-lock.json'), `${JSON.stringify(LOCK, null, 2)}\n`);
  writeFileSync(join(dir, 'release-needs.json'), `${JSON.stringify(NEEDS, null, 2)}\n`);
  git('add', '.');
  git('commit', '-q', '-m', 'Work');
  return git;
}

const release = (...args: string[]) => {
  const result = spawnSync(process.execPath, [join(repo, 'scripts/release.ts'), ...args], {
    cwd: dir,
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
};
const read = (file: string) => readFileSync(join(dir, file), 'utf8');

describe('npm run release', { timeout: 30_000 }, () => {
  it('moves Unreleased under the version with the date, sets the version, commits and tags', () => {
    const git = repository();
    const result = release('minor');
    expect(result.status, result.output).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect(read('CHANGELOG.md')).toBe(
      CHANGELOG.replace('## [Unreleased]\n', `## [Unreleased]\n\n## [1.1.0] - ${today}\n`),
    );
    expect(JSON.parse(read('package.json')).version).toBe('1.1.0');
    expect(read('package.json')).toContain('  "type": "module",\n');
    // What is made from the version is made again and committed with it.
    expect(read('api-version.txt')).toBe('1.1.0\n');
    const lock = JSON.parse(read('package-lock.json')) as typeof LOCK;
    expect([lock.version, lock.packages[''].version]).toEqual(['1.1.0', '1.1.0']);
    // What was unreleased is now this release's need; the next release starts with none.
    expect(JSON.parse(read('release-needs.json'))).toEqual({
      Unreleased: { bindings: [], secrets: [] },
      '1.1.0': NEEDS.Unreleased,
      '1.0.0': NEEDS['1.0.0'],
    });
    expect(Object.keys(JSON.parse(read('release-needs.json')))).toEqual(['Unreleased', '1.1.0', '1.0.0']);
    expect(git('log', '--format=%s')).toBe('Release 1.1.0\nWork');
    expect(git('status', '--porcelain')).toBe('');
    expect(git('rev-parse', 'v1.1.0^{commit}')).toBe(git('rev-parse', 'HEAD'));
    expect(git('tag', '-l', '--format=%(contents)', 'v1.1.0')).toContain('- A declined migration stops the deploy.');
    expect(result.output).toContain('Released 1.1.0');
  });

  it('takes a version in full', () => {
    repository();
    expect(release('2.0.0').status).toBe(0);
    expect(read('CHANGELOG.md')).toContain('## [2.0.0] - ');
  });

  const EMPTY = CHANGELOG.replace(/## \[Unreleased\][\s\S]*?(?=## \[1\.0\.0\])/, '## [Unreleased]\n\n');
  type Git = (...args: string[]) => string;
  it.each([
    {
      case: 'a tree with changes',
      prepare: (git: Git) => writeFileSync(join(dir, 'notes.txt'), `${git('rev-parse', 'HEAD')}\n`),
      asked: 'minor',
      message: 'the working tree has changes',
    },
    {
      case: 'nothing under Unreleased',
      changelog: EMPTY,
      asked: 'patch',
      message: 'has no entries under ## [Unreleased]',
    },
    {
      case: 'a version not after the current one',
      asked: '1.0.0',
      message: '"1.0.0" is not major, minor, patch or a version after 1.0.0',
    },
    {
      case: 'a tag that exists',
      prepare: (git: Git) => git('tag', 'v1.0.1'),
      asked: 'patch',
      message: 'the tag v1.0.1 exists already',
    },
  ])('refuses $case, changing nothing', ({ prepare, changelog = CHANGELOG, asked, message }) => {
    const git = repository(changelog);
    prepare?.(git);
    const head = git('rev-parse', 'HEAD');
    const tags = git('tag', '-l');
    const result = release(asked);
    expect(result.status).toBe(1);
    expect(result.output).toContain(message);
    expect(result.output).toContain('Nothing was changed.');
    expect(git('rev-parse', 'HEAD')).toBe(head);
    expect(git('tag', '-l')).toBe(tags);
    expect(read('CHANGELOG.md')).toBe(changelog);
    expect(JSON.parse(read('package.json')).version).toBe('1.0.0');
  });
});
