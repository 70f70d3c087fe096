// A release tag's package.json (scripts/release-tree.mjs): the source's without scripts or dev
// dependencies, so npm has nothing to run or fetch when it installs the built tree; the action
// (action.yml) takes a package.json without dev dependencies beside dist/ for such a tree.
export function releasedPackage(source) {
  const { scripts: _scripts, devDependencies: _dev, allowScripts: _allow, ...released } = source;
  return released;
}
