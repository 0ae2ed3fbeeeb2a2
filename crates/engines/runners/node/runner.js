// handeval's Node.js runner: requests on standard input, each answered on
// standard output in turn until the input ends, as PROTOCOL.md (beside this
// folder) says. It uses Node's standard library and the engine's package only.
//
//     node runner.js < requests         answer each request
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
  'js/poker-odds-calc': {
    package: 'poker-odds-calc',
    make: (game, hole) => {
      const table = oddsTable(game);
      if (hole !== (game === 'omaha' ? 4 : 0)) throw new Unsupported(game);
      // Its Card objects, from one table's deck: the hand value the
      // calculator compares (Game.getHandStrentgh, its spelling), hole
      // cards and board apart as Omaha's two-and-three rule needs them.
      const deck = table.getDeck().getCards();
      const card = (c) => deck.find((d) => d.toString() === cardName(c));
      const split = hole === 4 ? 4 : 2;
      return {
        prepare: (h) => ({ hole: h.slice(0, split).map(card), board: h.slice(split).map(card) }),
        call: (p) => table.getGame().getHandStrentgh(p.board, p.hole).points,
      };
    },
    // Its calculator, exhaustive (`-e`): a new table a count, as its
    // users make one, every board dealt to its recursion.
    equity: (game, players, board, dead) => {
      const table = oddsTable(game);
      for (const p of players) table.addPlayer(p.map(cardName));
      if (board.length > 0) table.setBoard(board.map(cardName));
      if (dead.length > 0) table.setDeadCards(dead.map(cardName));
      const result = table.exhaustive().calculate();
      return {
        games: result.getIterations(),
        counts: result.getPlayers().map((p) => [p.getWins(), p.getTies()]),
      };
    },
  },
};

// poker-odds-calc's table of a game: Hold'em, short deck (its "six plus",
// straights above three of a kind, as the lab's short7) or Omaha.
function oddsTable(game) {
  const { TexasHoldem, SixPlusHoldem, Omaha } = require('poker-odds-calc');
  if (game === 'seven') return new TexasHoldem();
  if (game === 'short7') return new SixPlusHoldem();
  if (game === 'omaha') return new Omaha();
  throw new Unsupported(game);
}

// The bytes read so far, as the chunks they came in: a record's value is
// copied out once, however many chunks it spans (a load of a workload's
// hands is tens of megabytes).
class Reader {
  constructor() {
    this.chunks = [];
    this.total = 0;
  }
  push(chunk) {
    this.chunks.push(chunk);
    this.total += chunk.length;
  }
  // The first `n` bytes as one buffer (fewer if fewer have come).
  peek(n) {
    n = Math.min(n, this.total);
    if (this.chunks.length && this.chunks[0].length < n) {
      let have = 0;
      let k = 0;
      while (have < n) have += this.chunks[k++].length;
      const joined = Buffer.concat(this.chunks.slice(0, k));
      this.chunks.splice(0, k, joined);
    }
    return this.chunks.length ? this.chunks[0].subarray(0, n) : Buffer.alloc(0);
  }
  skip(n) {
    this.peek(n);
    this.chunks[0] = this.chunks[0].subarray(n);
    if (this.chunks[0].length === 0) this.chunks.shift();
    this.total -= n;
  }
}

// The next record, `{ key, value }`, or null until all of it has come.
function nextRecord(reader) {
  const head = reader.peek(64);
  const k = head.indexOf(0x3a);
  const nEnd = k < 0 ? -1 : head.indexOf(0x3a, k + 1);
  if (nEnd < 0) {
    if (head.length >= 64) throw new Error('a record without its two colons');
    return null;
  }
  const key = head.subarray(0, k).toString();
  const n = Number(head.subarray(k + 1, nEnd).toString());
  if (!Number.isInteger(n) || n < 0) throw new Error(`record ${key}: no length`);
  if (reader.total < nEnd + 2 + n) return null;
  const all = reader.peek(nEnd + 2 + n);
  if (all[nEnd + 1 + n] !== 0x0a) throw new Error(`record ${key}: not ${n} bytes and a newline`);
  const value = all.subarray(nEnd + 1, nEnd + 1 + n).toString();
  reader.skip(nEnd + 2 + n);
  return { key, value };
}

function hands(fields) {
  const cards = Number(fields.cards);
  const hands = fields.hands.split('\n').filter((l) => l.length > 0).map((l) => l.split(' ').map(Number));
  if (hands.length !== Number(fields.count) || hands.some((h) => h.length !== cards)) {
    throw new Error(`the hands are not ${fields.count} hands of ${cards} cards`);
  }
  return hands;
}

async function made(fields) {
  const name = fields.engine;
  const a = ADAPTERS[name];
  if (!a) throw new Error(`no engine ${name} in the Node.js runner`);
  if (a.ready) await a.ready();
  if (fields.model !== 'call') throw new Unsupported(`the ${fields.model} model`);
  return a.make(fields.game, Number(fields.hole));
}

// What the runner keeps between a timing's requests: the loaded blocks.
const state = { loaded: null };

async function answer(fields) {
  if (fields.protocol !== '2') throw new Error(`protocol ${fields.protocol}, this runner speaks 2`);
  const out = [];
  if (fields.task === 'check') {
    const { prepare, call, value } = await made(fields);
    for (const h of hands(fields)) {
      const r = call(prepare(h));
      out.push(String(value ? value(r) : r));
    }
    out.push(`end,${out.length}`);
  } else if (fields.task === 'load') {
    const { prepare, call } = await made(fields);
    const prepared = hands(fields).map(prepare);
    const block = Number(fields.block);
    const blocks = [];
    for (let start = 0; start < prepared.length; start += block) {
      blocks.push(prepared.slice(start, start + block));
    }
    state.loaded = { call, blocks };
    out.push(`end,${prepared.length}`);
  } else if (fields.task === 'turn') {
    if (!state.loaded) throw new Error('a turn before any load');
    const { call, blocks } = state.loaded;
    const part = blocks[Number(fields.block)];
    if (!part) throw new Error(`no block ${fields.block} was loaded`);
    const passes = Number(fields.passes);
    const warm = fields.warm === '1';
    let sink = 0;
    for (let i = 0; i < passes + (warm ? 1 : 0); i++) {
      const began = process.hrtime.bigint();
      for (const p of part) {
        if (call(p) === sink) sink++;
      }
      const took = process.hrtime.bigint() - began;
      if (i > 0 || !warm) out.push(`${took > 0n ? took : 1n},${part.length}`);
    }
    out.push(`end,${passes}`);
  } else if (fields.task === 'equity') {
    const a = ADAPTERS[fields.engine];
    if (!a) throw new Error(`no engine ${fields.engine} in the Node.js runner`);
    if (!a.equity) throw new Unsupported(`an equity calculator in ${fields.engine}`);
    const list = (text) => text.split(' ').filter((w) => w.length > 0).map(Number);
    const players = fields.players.split('\n').filter((l) => l.length > 0).map(list);
    const board = list(fields.board);
    const dead = list(fields.dead);
    const passes = Number(fields.passes);
    const warm = fields.warm === '1';
    let last = null;
    for (let i = 0; i < passes + (warm ? 1 : 0); i++) {
      const began = process.hrtime.bigint();
      last = a.equity(fields.game, players, board, dead);
      const took = process.hrtime.bigint() - began;
      if (i > 0 || !warm) out.push(`${took > 0n ? took : 1n},${last.games}`);
    }
    for (const [wins, ties] of last.counts) out.push(`player,${wins},${ties}`);
    out.push(`end,${passes}`);
  } else {
    throw new Error(`no task ${fields.task}`);
  }
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
  const reader = new Reader();
  let fields = {};
  let queue = Promise.resolve();
  let failed = false;
  const fail = (e) => {
    failed = true;
    const kind = e instanceof Unsupported ? 'unsupported' : e.name;
    process.stdout.write(`error,${kind}: ${String(e.message).replace(/\n/g, ' ')}\n`);
    process.exitCode = e instanceof Unsupported ? 3 : 1;
    process.stdin.destroy();
  };
  process.stdin.on('data', (chunk) => {
    if (failed) return;
    reader.push(chunk);
    try {
      for (let r = nextRecord(reader); r; r = nextRecord(reader)) {
        if (r.key !== 'end') {
          fields[r.key] = r.value;
          continue;
        }
        const request = fields;
        fields = {};
        // Requests are answered one at a time, in order.
        queue = queue
          .then(() => (failed ? '' : answer(request)))
          .then((text) => process.stdout.write(text))
          .catch(fail);
      }
    } catch (e) {
      fail(e);
    }
  });
  process.stdin.on('end', () => {
    queue.then(() => {
      if (!failed && (reader.total > 0 || Object.keys(fields).length > 0)) {
        fail(new Error('the input ended inside a request'));
      }
    });
  });
}

main();
