import fs from 'node:fs';
import { SourceMapConsumer } from 'source-map-js';
const file = process.argv[2];
const code = fs.readFileSync(file, 'utf8');
const map = JSON.parse(fs.readFileSync(file + '.map', 'utf8'));
const c = new SourceMapConsumer(map);
const lines = code.split('\n');
const sizes = {};
let prev = null;
c.eachMapping(m => {
  if (prev) {
    let len;
    if (prev.generatedLine === m.generatedLine) len = m.generatedColumn - prev.generatedColumn;
    else len = lines[prev.generatedLine - 1].length - prev.generatedColumn;
    const s = prev.source || '?';
    let k = s.replace(/.*node_modules\//, 'nm:').replace(/^(nm:(@[^/]+\/)?[^/]+(\/[^/]+)?).*/, '$1');
    if (!s.includes('node_modules')) k = s.replace(/.*src\//, 'src/').split('/').slice(0, 3).join('/');
    sizes[k] = (sizes[k] || 0) + len;
  }
  prev = m;
});
const arr = Object.entries(sizes).sort((a, b) => b[1] - a[1]);
for (const [k, v] of arr.slice(0, +process.argv[3] || 40)) console.log((v / 1024).toFixed(1).padStart(8), k);
