/**
 * Makes `@arlon-backstage/*` imports resolve to this checkout's packages.
 * Yarn links workspace packages into node_modules; a git worktree whose
 * node_modules links to another checkout's would otherwise measure that
 * checkout's code. Loaded with `node --require` by the bench scripts (and
 * passed on to the processes they start); in a plain checkout it changes
 * nothing, as the links already point here.
 */
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');

const root = path.resolve(__dirname, '../..');
const packages = new Map();
for (const folder of ['packages', 'plugins']) {
  for (const name of fs.readdirSync(path.join(root, folder))) {
    const manifest = path.join(root, folder, name, 'package.json');
    if (!fs.existsSync(manifest)) continue;
    const { name: id } = JSON.parse(fs.readFileSync(manifest, 'utf8'));
    if (id?.startsWith('@arlon-backstage/'))
      packages.set(id, path.join(root, folder, name));
  }
}

const resolve = Module._resolveFilename;
Module._resolveFilename = function resolveHere(request, parent, ...rest) {
  const [scope, name, ...sub] = request.split('/');
  const dir = packages.get(`${scope}/${name}`);
  if (dir) {
    const target = sub.length ? path.join(dir, ...sub) : dir;
    return resolve.call(this, target, parent, ...rest);
  }
  return resolve.call(this, request, parent, ...rest);
};
