// handeval's Node.js runner: one request on standard input, its answer on
// standard output, as PROTOCOL.md (beside this folder) says. It uses Node's
// standard library and the engine's package only.
//
//     node runner.js < request          answer a request
//     node runner.js --version NAME     the version of NAME's package
//
// Each engine is an adapter below: given the game, how to turn a hand (card
// indices, 4 * rank + suit, suits c d h s) into the package's own
// representation (outside the timing) and how to evaluate one prepared hand
// into an integer (the `call` model).
'use strict';

const RANKS = '23456789TJQKA';
const SUITS = 'cdhs';
const cardName = (c) => RANKS[c >> 2] + SUITS[c & 3];

class Unsupported extends Error {}

const ADAPTERS = {
  'js/null': {
    package: null,
    make: () => ({ prepare: (h) => h, call: () => 0 }),
  },
  'js/pokersolver': {
    package: 'pokersolver',
    make: (game, hole) => {
      if (hole) throw new Unsupported(game);
      const { Hand } = require('pokersolver');
      // Hand.solve's own representation: an array of card strings. Its
      // answer is an object; the integer is its category and the ranks of
      // its five cards in order, base 16 (for the check only: the call
      // model times Hand.solve).
      return {
        prepare: (h) => h.map(cardName),
        call: (p) => Hand.solve(p),
        value: (hand) =>
          hand.cards.slice(0, 5).reduce((v, c) => v * 16 + c.rank, hand.rank),
      };
    },
  },
  'js/phe': {
    package: 'phe',
    make: (game, hole) => {
      if (hole) throw new Unsupported(game);
      const phe = require('phe');
      return { prepare: (h) => h.slice(), call: (p) => phe.evaluateCardCodes(p) };
    },
  },
  'js/poker-evaluator': {
    package: 'poker-evaluator',
    make: (game, hole) => {
      if (hole) throw new Unsupported(game);
      const PokerEvaluator = require('poker-evaluator');
      return {
        prepare: (h) => h.map(cardName),
        call: (p) => PokerEvaluator.evalHand(p).value,
      };
    },
  },
  'js/poker-hand-evaluator-wasm': {
    package: 'poker-hand-evaluator-wasm',
    ready: () => require('poker-hand-evaluator-wasm').ready(),
    make: (game, hole) => {
      const PH = require('poker-hand-evaluator-wasm');
      // Each answer is a C++ object of the Emscripten heap: read and freed,
      // as its users must.
      const take = (r) => {
        const v = r.value;
        if (typeof r.delete === 'function') r.delete();
        return v;
      };
      if (hole === 0) {
        return { prepare: (h) => h.map(cardName), call: (p) => take(PH.evaluate(p)) };
      }
      if (hole === 4 && game === 'omaha') {
        // The board first, then the four hole cards.
        return {
          prepare: (h) => h.slice(4).concat(h.slice(0, 4)).map(cardName),
          call: (p) => take(PH.evaluateOmaha(...p)),
        };
      }
      throw new Unsupported(game);
    },
  },
};

function readRequest(data) {
  const fields = {};
  let i = 0;
  while (i < data.length) {
    const k = data.indexOf(0x3a, i);
    const nEnd = data.indexOf(0x3a, k + 1);
    if (k < 0 || nEnd < 0) throw new Error('a record without its two colons');
    const key = data.subarray(i, k).toString();
    const n = Number(data.subarray(k + 1, nEnd).toString());
    const value = data.subarray(nEnd + 1, nEnd + 1 + n);
    if (value.length !== n || data[nEnd + 1 + n] !== 0x0a) {
      throw new Error(`record ${key}: not ${n} bytes and a newline`);
    }
    fields[key] = value.toString();
    i = nEnd + 2 + n;
  }
  return fields;
}

async function answer(fields) {
  if (fields.protocol !== '1') throw new Error(`protocol ${fields.protocol}, this runner speaks 1`);
  const name = fields.engine;
  const a = ADAPTERS[name];
  if (!a) throw new Error(`no engine ${name} in the Node.js runner`);
  if (a.ready) await a.ready();
  const game = fields.game;
  const hole = Number(fields.hole);
  const cards = Number(fields.cards);
  const hands = fields.hands.split('\n').filter((l) => l.length > 0).map((l) => l.split(' ').map(Number));
  if (hands.length !== Number(fields.count) || hands.some((h) => h.length !== cards)) {
    throw new Error(`the hands are not ${fields.count} hands of ${cards} cards`);
  }
  if (fields.model !== 'call') throw new Unsupported(`the ${fields.model} model`);
  const { prepare, call, value } = a.make(game, hole);
  const prepared = hands.map(prepare);
  const out = [];
  if (fields.task === 'check') {
    for (const p of prepared) {
      const r = call(p);
      out.push(String(value ? value(r) : r));
    }
    out.push(`end,${prepared.length}`);
    return out.join('\n') + '\n';
  }
  if (fields.task !== 'time') throw new Error(`no task ${fields.task}`);
  const block = Number(fields.block);
  const samples = Number(fields.samples);
  let sink = 0;
  for (let start = 0; start < prepared.length; start += block) {
    const part = prepared.slice(start, start + block);
    for (let s = 0; s < samples; s++) {
      const began = process.hrtime.bigint();
      for (const p of part) {
        if (call(p) === sink) sink++;
      }
      const took = process.hrtime.bigint() - began;
      out.push(`${took > 0n ? took : 1n},${part.length}`);
    }
  }
  const lines = out.length;
  out.push(`end,${lines}`);
  return out.join('\n') + '\n';
}

function main() {
  const args = process.argv.slice(2);
  if (args.length === 2 && args[0] === '--version') {
    const a = ADAPTERS[args[1]];
    if (!a) {
      process.stderr.write(`no engine ${args[1]} in the Node.js runner\n`);
      process.exit(2);
    }
    if (a.package === null) {
      process.stdout.write(`Node.js ${process.versions.node}\n`);
    } else {
      // Read from the folder NODE_PATH names: a package's `exports` may
      // hide its package.json from require.
      const fs = require('fs');
      const path = require('path');
      const dirs = (process.env.NODE_PATH || '').split(path.delimiter).concat(module.paths);
      const dir = dirs.find((d) => d && fs.existsSync(path.join(d, a.package, 'package.json')));
      if (!dir) {
        process.stderr.write(`${a.package} is not installed\n`);
        process.exit(2);
      }
      const json = JSON.parse(fs.readFileSync(path.join(dir, a.package, 'package.json'), 'utf8'));
      process.stdout.write(`${json.version}\n`);
    }
    return;
  }
  const chunks = [];
  process.stdin.on('data', (c) => chunks.push(c));
  process.stdin.on('end', () => {
    answer(readRequest(Buffer.concat(chunks)))
      .then((text) => process.stdout.write(text))
      .catch((e) => {
        const kind = e instanceof Unsupported ? 'unsupported' : e.name;
        process.stdout.write(`error,${kind}: ${String(e.message).replace(/\n/g, ' ')}\n`);
        process.exitCode = e instanceof Unsupported ? 3 : 1;
      });
  });
}

main();
