/* cli/report/page.js — draws the --json report embedded in the --html page (html.h). Text
 * goes in through textContent only: nothing in a report can become markup. */
(function () {
'use strict';
var R = JSON.parse(document.getElementById('lp-report').textContent);
var main = document.getElementById('lp-main');

function el(tag, cls, text) {
  var e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}
function add(parent) {
  for (var i = 1; i < arguments.length; i++) if (arguments[i]) parent.appendChild(arguments[i]);
  return parent;
}
function put(parent, child) { parent.appendChild(child); return child; }
function section(title, cls, id) {
  var s = el('section', cls);
  if (id) s.id = id; /* page.html#history and the like */
  if (title) add(s, el('h2', null, title));
  main.appendChild(s);
  return s;
}
function pre(text) { return el('pre', null, text); }

/* A history (lineup-history(5) text, or a list of {thread, kind, text}) as operations. */
function parseHistory(src) {
  var evs = [];
  if (typeof src === 'string') {
    src.split('\n').forEach(function (line) {
      var m = /^\s*(\S+) (call|ret) (.*)$/.exec(line);
      if (m) evs.push({ thread: m[1], kind: m[2], text: m[3] });
    });
  } else if (src) {
    evs = src.slice();
  }
  var h = { events: evs, ops: [], threads: [], stuck: /\n\s*stuck\s*(\n|$)/.test(String(src)) };
  var open = {};
  evs.forEach(function (e, i) {
    if (h.threads.indexOf(e.thread) < 0) h.threads.push(e.thread);
    if (e.kind === 'call') {
      var op = { thread: e.thread, call: e.text, ret: null, callEv: i, retEv: null,
                 nth: h.ops.filter(function (o) { return o.thread === e.thread; }).length };
      h.ops.push(op);
      open[e.thread] = op;
    } else if (open[e.thread]) {
      open[e.thread].ret = e.text;
      open[e.thread].retEv = i;
      open[e.thread] = null;
    }
  });
  h.threads.sort(byPath);
  return h;
}

/* Thread ids that are creation paths (0, 0.1, 0.2, 0.1.1) in their numeric order. */
function byPath(a, b) {
  var x = a.split('.'), y = b.split('.');
  for (var i = 0; i < x.length && i < y.length; i++) {
    var p = Number(x[i]), q = Number(y[i]);
    if (isNaN(p) || isNaN(q)) return a < b ? -1 : a > b ? 1 : 0;
    if (p !== q) return p - q;
  }
  return x.length - y.length;
}

/* Long addresses shortened for the bar (0x555555559390 -> 0x\u20269390); the tooltip
 * keeps them whole. */
function short(t) {
  return t.replace(/0x[0-9a-f]{7,}/g, function (a) { return '\u2026' + a.slice(-3); });
}
function opLabel(o) {
  return short(o.call) + (o.ret !== null ? ' \u2192 ' + short(o.ret) : ' \u2026 never returns');
}

/* Lanes (one per thread) on an axis of event indexes; marks(op) gives extra classes. */
function timeline(h, opts) {
  opts = opts || {};
  var threads = opts.threads || h.threads;
  var n = Math.max(h.events.length, 1);
  var box = el('div', 'tl');
  var detail = el('div', 'detail');
  var axis = add(el('div', 'tl-row tl-axis'), el('div', 'tl-label', 'event'));
  var at = el('div', 'tl-track');
  var minw = (n * 50) + 'px'; /* room for a call and its result; the box scrolls beyond */
  at.style.minWidth = minw;
  axis.appendChild(at);
  var step = n > 40 ? Math.ceil(n / 20) : 1;
  for (var i = 0; i < n; i += step) {
    var t = el('span', 'tick', i + 1);
    t.style.left = ((i + 0.5) / n * 100) + '%';
    at.appendChild(t);
  }
  box.appendChild(axis);
  var tracks = {};
  threads.forEach(function (tid) {
    var row = add(el('div', 'tl-row'), el('div', 'tl-label', 'thread ' + tid));
    row.firstChild.title = 'thread ' + tid;
    var tr = el('div', 'tl-track');
    tr.style.minWidth = minw;
    row.appendChild(tr);
    tr.dataset.thread = tid;
    tracks[tid] = tr;
    box.appendChild(row);
  });
  h.ops.forEach(function (o) {
    var tr = tracks[o.thread];
    if (!tr) return;
    var b = el('div', 'op-bar' + (o.retEv === null ? ' pending' : ''));
    add(b, el('span', null, short(o.call)),
        el('span', 'res', o.ret !== null ? '\u2192 ' + short(o.ret)
                          : (opts.pending && opts.pending(o)) || '\u2026 never returns'));
    var end = o.retEv === null ? n : o.retEv + 1;
    b.style.left = 'calc(' + (o.callEv / n * 100) + '% + 2px)';
    b.style.width = 'calc(' + ((end - o.callEv) / n * 100) + '% - 4px)';
    b.dataset.op = o.thread + '#' + o.nth;
    if (opts.role) b.dataset.role = opts.role;
    var extra = opts.marks ? opts.marks(o) : '';
    if (extra) b.className += ' ' + extra;
    var tip = 'thread ' + o.thread + ': ' + o.call + '\nresult: ' +
      (o.ret !== null ? o.ret : 'none: never returns') + '\nevents ' + (o.callEv + 1) +
      (o.retEv !== null ? '\u2013' + (o.retEv + 1) : ' \u2013 end');
    if (opts.note) tip += opts.note(o);
    b.title = tip;
    b.addEventListener('click', function () {
      var sel = box.querySelector('.op-bar.sel');
      if (sel) sel.classList.remove('sel');
      b.classList.add('sel');
      detail.textContent = tip;
      detail.classList.add('on');
    });
    tr.appendChild(b);
  });
  if (opts.after) opts.after(tracks, n, box);
  box.appendChild(detail);
  return box;
}

function legend(items) {
  var l = el('div', 'legend');
  items.forEach(function (it) {
    var s = el('span');
    var i = el('i');
    i.style.background = it[1];
    i.style.borderColor = it[2];
    add(s, i, document.createTextNode(it[0]));
    l.appendChild(s);
  });
  return l;
}

function verdictClass(v) {
  if (v === 'no violation found' || v === 'ok') return 'ok';
  if (v === 'violation') return 'bad';
  return 'warn';
}

function header() {
  var v = R.verdict || (R.violation ? 'violation' : 'no violation found');
  var hd = add(el('header', 'top'), el('h1', null, 'lineup-preload report'),
               el('span', 'pill ' + verdictClass(v), v));
  main.appendChild(hd);
  var parts = [];
  if (R.targets) parts.push('target' + (R.targets.length === 1 ? ' ' : 's ') + R.targets.join(', '));
  if (R.criterion) parts.push(R.criterion);
  if (R.mode) parts.push('generated tests (' + R.mode + ', shape ' + R.shape + ', seed ' + R.seed + ')');
  main.appendChild(el('div', 'sub', parts.join(' \u00b7 ')));
  document.title = 'lineup-preload: ' + v;
}

/* Which operations of the history the closest serial execution explains, and which the
 * reasons name as the point where every serial execution diverges. */
function divergence(h, cl) {
  var explained = {}, diverges = {};
  var prefix = parseHistory(cl.prefix || []);
  prefix.ops.forEach(function (o) { if (o.ret !== null) explained[o.thread + '#' + o.nth] = true; });
  var reasons = (cl.reasons || []).join('\n');
  var seen = {}; /* the reasons speak of each thread's next operation after the prefix */
  h.ops.forEach(function (o) {
    var key = o.thread + '#' + o.nth;
    if (explained[key] || seen[o.thread]) return;
    seen[o.thread] = true;
    if (reasons.indexOf(o.thread + "'s " + o.call) >= 0 ||
        reasons.indexOf(o.thread + ' call ' + o.call) >= 0) diverges[key] = true;
  });
  if (!Object.keys(diverges).length) { /* the first operation left unexplained */
    var first = h.ops.filter(function (o) { return !explained[o.thread + '#' + o.nth]; })[0];
    if (first) diverges[first.thread + '#' + first.nth] = true;
  }
  return { explained: explained, diverges: diverges, prefix: prefix };
}

/* P1, P2, ... for preemptions, S1, S2, ... for switches at a point where the running
 * thread could not go on (blocked, finished): those cost no preemption. */
function label(ps, i) {
  var k = 0;
  for (var j = 0; j <= i; j++) if (ps[j].preemption === ps[i].preemption) k++;
  return (ps[i].preemption ? 'P' : 'S') + k;
}

function preemptionMarks(v) {
  return function (tracks, n) {
    var ps = v.preemptions || [];
    ps.forEach(function (p, i) {
      var lane = tracks[p.preempted] || tracks[p.thread];
      if (!lane) return;
      var x = (p.after_events / n * 100) + '%';
      var line = el('div', 'pre-line');
      line.style.left = x;
      var m = add(el('div', 'pre-mark' + (p.preemption ? '' : ' switch')), el('span', null, label(ps, i)));
      m.style.left = x;
      m.dataset.preemption = String(i + 1);
      m.title = 'step ' + p.step + ': ' + p.thread + (p.preemption ? ' preempts ' : ' runs instead of ') +
        (p.preempted || '?') + (p.site ? '\nat ' + p.site : '');
      lane.appendChild(line);
      lane.appendChild(m);
    });
  };
}

function testTable(h) {
  var s = section('The test (operations per thread)');
  var t = el('table', 'mono');
  h.threads.forEach(function (tid) {
    var ops = h.ops.filter(function (o) { return o.thread === tid; })
      .map(function (o) { return o.call; }).join('; ');
    add(t, add(el('tr'), el('th', null, 'thread ' + tid), el('td', null, ops)));
  });
  s.appendChild(t);
}

function violation(v) {
  var h = parseHistory(v.history || '');
  var cl = v.closest;
  var why = section(null, 'why', 'why');
  var kind = v.kind === 'crash' ? 'the client crashed under this schedule' : v.kind;
  add(why, el('h2', null, 'Violation: ' + kind));
  if (cl && cl.headline) add(why, el('p', 'headline', cl.headline));
  if (v.crash) {
    add(why, el('p', 'headline', 'thread ' + (v.crash.thread || '?') + ' got ' +
                (v.crash.signal || 'a signal') + (v.crash.code_text ? ' (' + v.crash.code_text + ')' : '') +
                (v.crash.address ? ' at address ' + v.crash.address : '')));
  }
  if (cl) {
    add(why, el('div', null, 'Where every serial execution diverges from the history:'));
    var ul = put(why, el('ul', 'reasons'));
    (cl.reasons || []).forEach(function (r) { ul.appendChild(el('li', null, r)); });
    if (cl.warning) add(why, el('p', 'warn-line', cl.warning));
  } else if (v.report) {
    var first = v.report.split('\n').filter(function (l) { return l.trim(); }).slice(0, 3).join('\n');
    add(why, pre(first));
  }
  testTable(h);
  var d = cl ? divergence(h, cl) : { explained: {}, diverges: {} };
  var crashed = function (o) { return v.crash && o.retEv === null && o.thread === v.crash.thread; };
  var hs = section(v.kind === 'crash' ? 'The history up to the crash (a lane per thread, time goes right)'
                                       : 'The history (a lane per thread, time goes right)', null, 'history');
  hs.appendChild(timeline(h, {
    role: 'history',
    marks: function (o) {
      var k = o.thread + '#' + o.nth;
      if (crashed(o)) return 'diverges';
      return d.diverges[k] ? 'diverges' : d.explained[k] ? 'explained' : '';
    },
    pending: function (o) {
      if (!v.crash) return null;
      return crashed(o) ? '\u2717 crashed: ' + v.crash.signal : '\u2026 still running at the crash';
    },
    note: function (o) {
      return d.diverges[o.thread + '#' + o.nth] ? '\nno serial execution gives this here' : '';
    },
    after: preemptionMarks(v)
  }));
  if (h.stuck) add(hs, el('p', 'warn-line', 'The history is stuck: operations drawn open-ended never return.'));
  add(hs, legend([['explained by the closest serial execution', '#e2f3e8', '#2e7d4f'],
                  ['first divergence: no serial execution gives this', '#fde7e7', '#c62828'],
                  ['not reached', '#e3ecf8', '#3d6fb6'], ['preemption P1, P2, ... (S: switch)', '#b26a00', '#b26a00']]));
  add(hs, el('div', 'note', 'Hover or click a bar for its arguments and result.'));
  if (cl) closest(h, cl, d);
  schedule(v);
  staleLoads(v);
  passingLoads(v);
  if (v.crash && v.crash.frames) {
    var cs = section('Where it crashed (innermost frame first)');
    cs.appendChild(pre(v.crash.frames.map(function (f) {
      return (f.function ? f.function + '+0x' + f.offset.toString(16) : f.pc) +
        (f.file ? ' (' + f.file + (f.line ? ':' + f.line : '') + ')' : '') +
        (f.object ? '  in ' + f.object : '');
    }).join('\n')));
  }
  rootCauses(v);
  replay(v);
  var full = section(null);
  add(full, add(el('details'), el('summary', null, 'The report as text'), pre(v.report || '')));
}

function closest(h, cl, d) {
  var s = section('The closest serial execution, drawn beside it', null, 'closest');
  var events = (cl.prefix || []).concat(cl.continuation || []);
  var sh = parseHistory(events);
  var npre = (cl.prefix || []).length;
  var hist = {};
  h.ops.forEach(function (o) { hist[o.thread + '#' + o.nth] = o; });
  add(s, el('p', null, (cl.observed !== null && cl.observed !== undefined ?
      cl.observed + ' serial executions were observed; the' : 'The') +
      ' closest agrees with the history on ' + cl.agrees + ' operation' +
      (cl.agrees === 1 ? '' : 's') + ', then diverges' +
      (cl.continuation && cl.continuation.length ? ' (its continuation in grey):' : ':')));
  s.appendChild(timeline(sh, {
    role: 'serial',
    threads: h.threads.concat(sh.threads.filter(function (t) { return h.threads.indexOf(t) < 0; })).sort(byPath),
    marks: function (o) {
      if (o.callEv < npre && (o.retEv === null || o.retEv < npre)) return 'explained';
      var ho = hist[o.thread + '#' + o.nth];
      if (ho && d.diverges[o.thread + '#' + o.nth] && ho.call === o.call) return 'cont differs';
      return 'cont';
    },
    note: function (o) {
      var ho = hist[o.thread + '#' + o.nth];
      return ho && ho.ret !== o.ret ? '\nin the history: ' + (ho.ret !== null ? ho.ret : 'never returns') : '';
    },
    after: function (tracks, n, box) {
      var m = add(el('div', 'divmark'), el('span', null, '\u2717 diverges here'));
      m.dataset.divergence = String(npre);
      var axis = box.querySelector('.tl-axis .tl-track'); /* from the axis down the lanes */
      m.style.left = (npre / n * 100) + '%';
      m.style.top = '0';
      m.style.height = (Object.keys(tracks).length * 46 + 22) + 'px';
      axis.appendChild(m);
    }
  }));
  if (cl.continuation_stuck) add(s, el('p', 'note', 'The serial execution ends stuck.'));
  add(s, legend([['agrees with the history', '#e2f3e8', '#2e7d4f'],
                 ['continues differently', '#fff4e0', '#b26a00'], ['continuation', '#eef0f2', '#8a939d']]));
}

function schedule(v) {
  var s = section('The schedule', null, 'schedule');
  var ps = v.preemptions || [];
  if (!ps.length) add(s, el('p', null, 'No preemption: the threads ran in turn.'));
  else {
    var t = add(el('table'), add(el('tr'), el('th', null, ''), el('th', null, 'step'),
                                 el('th', null, 'what'), el('th', null, 'where')));
    ps.forEach(function (p, i) {
      add(t, add(el('tr'), el('td', p.preemption ? 'warn-line' : 'note', label(ps, i)), el('td', null, p.step),
                 el('td', null, p.thread + (p.preemption ? ' preempts ' : ' runs instead of ') + (p.preempted || '?')),
                 el('td', 'mono', p.site || '(unknown site)')));
    });
    s.appendChild(t);
  }
  add(s, el('div', 'note', 'schedule: ' + (v.schedule || '')));
}

/* --memory-model tso: each load that read around another thread's buffered store, and the
 * stores of its own buffer it passed (where an mfence would order them before it). */
function staleLoads(v) {
  var ls = v.stale_loads || [];
  if (!ls.length) return;
  var s = section('Stale loads (x86-TSO)', null, 'stale-loads');
  var t = add(el('table'), add(el('tr'), el('th', null, 'step'), el('th', null, 'load'),
                               el('th', null, 'still buffered elsewhere'), el('th', null, 'its own stores it passed')));
  ls.forEach(function (l) {
    var passed = (l.passed || []).map(function (p) { return p.site + ' to ' + p.addr; }).join('\n');
    if (l.passed_count > (l.passed || []).length)
      passed += '\n(' + l.passed_count + ' in all: the oldest and the newest shown)';
    add(t, add(el('tr'), el('td', null, l.step), el('td', 'mono', l.loader + ' at ' + l.load_site + ' reads ' + l.load_addr),
               el('td', 'mono', l.owner + "'s store of " + l.value + ' to ' + l.store_addr + ' at ' + l.store_site),
               el('td', 'mono lines', passed || '(none)')));
  });
  s.appendChild(t);
}

/* --memory-model tso: loads, not stale, that went ahead of stores still in their own buffer
 * (the fence check tries those stores after the stale loads'). */
function passingLoads(v) {
  var ls = v.passing_loads || [];
  if (!ls.length) return;
  var s = section('Passing loads (x86-TSO)', null, 'passing-loads');
  var t = add(el('table'), add(el('tr'), el('th', null, 'step'), el('th', null, 'load'),
                               el('th', null, 'its own stores it went ahead of')));
  var more = 0;
  ls.forEach(function (l) {
    var passed = (l.passed || []).map(function (p) { return p.site + ' to ' + p.addr; }).join('\n');
    if (l.passed_count > (l.passed || []).length)
      passed += '\n(' + l.passed_count + ' in all: the oldest and the newest shown)';
    more += l.more_not_kept || 0;
    add(t, add(el('tr'), el('td', null, l.step), el('td', 'mono', l.loader + ' at ' + l.load_site + ' reads ' + l.load_addr),
               el('td', 'mono lines', passed)));
  });
  s.appendChild(t);
  if (more) add(s, el('div', 'note', more + ' more passing loads not listed (repeats of these, or past the cap)'));
}

function rootCauses(v) {
  if (!v.root_causes_text && !v.root_causes) return;
  var s = section(v.fences ? 'Fences (x86-TSO)' : 'Root causes');
  if (v.root_causes_text) add(s, pre(v.root_causes_text)).lastChild.className = 'wrap';
}

function replay(v) {
  if (!v.replay) return;
  var s = section('Replay it');
  var p = pre(v.replay);
  var b = el('button', null, 'Copy');
  b.addEventListener('click', function () {
    if (navigator.clipboard) navigator.clipboard.writeText(v.replay);
    b.textContent = 'Copied';
  });
  add(s, add(el('div', 'replay'), p, b));
}

function nondeterminism() {
  var nd = R.nondeterminism_histories;
  var why = section(null, 'why warn');
  add(why, el('h2', null, 'Nondeterministic: two serial executions with the same calls disagree'));
  if (nd && nd.summary) add(why, el('p', 'headline', nd.summary));
  if (!nd || !nd.earlier || !nd.this) { why.appendChild(pre(R.nondeterminism || '')); return; }
  var a = parseHistory(nd.earlier), b = parseHistory(nd.this);
  var k = 0;
  while (k < a.events.length && k < b.events.length && a.events[k].text === b.events[k].text &&
         a.events[k].thread === b.events[k].thread && a.events[k].kind === b.events[k].kind) k++;
  var mark = function (o) { /* agreed before event k, disagree at it, after it: plain */
    if (o.retEv !== null && o.retEv < k) return 'explained';
    return o.callEv <= k ? 'diverges' : '';
  };
  var threads = a.threads.concat(b.threads.filter(function (t) { return a.threads.indexOf(t) < 0; })).sort(byPath);
  add(section('The earlier serial history'), timeline(a, { role: 'earlier', threads: threads, marks: mark }));
  add(section('This serial history'), timeline(b, { role: 'this', threads: threads, marks: mark }));
}

function explored(r) {
  var s = section('What was explored', null, 'explored');
  var g = put(s, el('div', 'grid2'));
  function card(big, small) { add(g, add(el('div', 'card'), el('b', null, big), el('small', null, small))); }
  var p1 = r.phase1 || {}, p2 = r.phase2 || {};
  card(p1.executions, 'serial executions (phase 1, ' + (p1.mode || 'eager') + '), ' + p1.histories + ' distinct histories');
  card(p2.executions, 'concurrent executions (phase 2), ' + p2.histories + ' histories checked');
  card(p2.preemption_bound < 0 ? 'unbounded' : p2.preemption_bound, 'preemption bound');
  card(p2.reduction, 'reduction, ' + (p2.pruned || 0) + ' alternatives pruned');
  var by = p2.executions_by_preemptions || [];
  if (by.length) {
    add(s, el('div', null, 'Executions per preemption count:'));
    var max = Math.max.apply(null, by.concat([1]));
    var bars = put(s, el('div', 'bars')), lbl = put(s, el('div', 'barlbl'));
    by.forEach(function (c, i) {
      var d = add(el('div'), el('span', null, c));
      d.style.height = Math.max(2, c / max * 70) + 'px';
      d.title = c + ' executions with ' + i + ' preemption' + (i === 1 ? '' : 's');
      bars.appendChild(d);
      lbl.appendChild(el('span', null, i));
    });
  }
  var t = put(s, el('table'));
  function row(k, v) { if (v !== null && v !== undefined && v !== '') add(t, add(el('tr'), el('th', null, k), el('td', null, v))); }
  var cov = r.coverage || {};
  row('coverage', cov.text);
  row('guarantee', cov.guarantee);
  // trusted locks (--lock) bear on what the guarantee covers: shown, not only folded away
  (r.instrumentation || '').split('\n').forEach(function (l) {
    if (/^locks: /.test(l)) row('trusted locks', l.replace(/^locks: /, ''));
  });
  row('phase 1 time', p1.seconds !== undefined ? p1.seconds.toFixed(2) + ' s' : null);
  row('phase 2 time', p2.seconds !== undefined ? p2.seconds.toFixed(2) + ' s' : null);
  var rc = r.violation && r.violation.root_cause_search;
  if (rc) row('root-cause search', rc.seconds.toFixed(2) + ' s, ' + rc.executions + ' executions');
  row('workers', p2.workers);
  if (r.interrupted) row('stopped by', r.stopped_by);
  (r.warnings || []).forEach(function (w) { add(s, el('p', 'warn-line', 'warning: ' + w)); });
  if (r.instrumentation) add(s, add(el('details'), el('summary', null, 'instrumentation'), pre(r.instrumentation)));
}

function campaign() {
  var s = section('Tests run (' + R.tests + ' of ' + R.generated + ' generated, shard ' + R.shard + ')');
  var t = put(s, add(el('table'), add(el('tr'), el('th', null, '#'), el('th', null, 'verdict'),
      el('th', null, 'phase 1'), el('th', null, 'phase 2'), el('th', null, 'test'))));
  (R.results || []).forEach(function (r) {
    add(t, add(el('tr'), el('td', null, r.index), el('td', verdictClass(r.verdict) === 'ok' ? null : 'warn-line', r.verdict),
               el('td', null, r.phase1_executions), el('td', null, r.phase2_executions),
               el('td', 'mono', r.test.trim().split('\n').join(' | '))));
  });
  if (R.violation) {
    var v = section('The failing test (minimised' + (R.violation.minimal ? '' : ', maybe not minimal') + ')');
    v.appendChild(pre(R.violation.test));
    add(v, add(el('details'), el('summary', null, 'as generated (test ' + R.violation.index + ')'), pre(R.violation.generated_test)));
    if (R.violation.report && R.violation.report.violation) violation(R.violation.report.violation);
  }
}

header();
if (R.results) campaign();
else {
  if (R.violation) violation(R.violation);
  else if (R.nondeterminism) nondeterminism();
  else {
    var ok = section(null, 'why ok');
    add(ok, el('h2', null, R.verdict === 'no violation found' ? 'No violation found' : R.verdict));
    add(ok, el('p', null, 'Every concurrent history explored has a serial witness among the serial executions.'));
  }
  explored(R);
}
/* page.html#only=why,history,closest shows those sections alone (a picture for a README,
 * a link to the part that matters). */
var only = /^#only=([\w,]+)$/.exec(location.hash);
if (only) {
  var keep = only[1].split(',');
  Array.prototype.forEach.call(main.querySelectorAll('main > section'), function (s) {
    if (keep.indexOf(s.id) < 0) s.style.display = 'none';
  });
}
main.dataset.rendered = 'true';
})();
