// A minimal npm registry for the adoption test: it serves the tarballs that
// `yarn pack` made of our packages, as if they were published, so a fresh app
// installs them with the very commands our READMEs give (`yarn add <name>`).
// Only our scope is pointed here (Yarn's npmScopes); every other package still
// comes from the registry the machine is configured with.
//
// usage: node localRegistry.mjs <tarball dir> <port file>
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';

const [dir, portFile] = process.argv.slice(2);
if (!dir || !portFile) {
  process.stderr.write('usage: localRegistry.mjs <tarball dir> <port file>\n');
  process.exit(2);
}

/** name → { manifest, file } for each tarball in dir. */
const packages = new Map();
for (const file of readdirSync(dir).filter(f => f.endsWith('.tgz'))) {
  const tarball = path.join(dir, file);
  const manifest = JSON.parse(
    execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], {
      encoding: 'utf8',
    }),
  );
  const bytes = readFileSync(tarball);
  packages.set(manifest.name, { manifest, file, bytes });
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://registry');
  const tarballMatch = url.pathname.match(/^\/-\/tarball\/(.+\.tgz)$/);
  if (req.method === 'GET' && tarballMatch) {
    const entry = [...packages.values()].find(p => p.file === tarballMatch[1]);
    if (!entry) return notFound(res);
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    return res.end(entry.bytes);
  }
  const name = decodeURIComponent(url.pathname.slice(1));
  const entry = packages.get(name);
  if (req.method !== 'GET' || !entry) return notFound(res);
  const { manifest, file, bytes } = entry;
  const base = `http://127.0.0.1:${server.address().port}`;
  const version = {
    ...manifest,
    _id: `${name}@${manifest.version}`,
    dist: {
      tarball: `${base}/-/tarball/${file}`,
      shasum: createHash('sha1').update(bytes).digest('hex'),
      integrity: `sha512-${createHash('sha512').update(bytes).digest('base64')}`,
    },
  };
  const now = new Date().toISOString();
  res.writeHead(200, { 'content-type': 'application/json' });
  return res.end(
    JSON.stringify({
      _id: name,
      name,
      'dist-tags': { latest: manifest.version },
      versions: { [manifest.version]: version },
      time: { created: now, modified: now, [manifest.version]: now },
    }),
  );
});

function notFound(res) {
  res.writeHead(404, { 'content-type': 'application/json' });
  res.end('{"error":"not found"}');
}

server.listen(0, '127.0.0.1', () => {
  writeFileSync(portFile, String(server.address().port));
  process.stdout.write(
    `local registry on ${server.address().port}: ${[...packages.keys()].join(', ')}\n`,
  );
});
