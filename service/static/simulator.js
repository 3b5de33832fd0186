"use strict";
// The call simulator. Staff play the caller over the same call API a caller uses: typed turns and keys over
// POST /calls/{id}/turns, or a voice call over WebRTC (POST /calls/{id}/voice: the browser's own
// RTCPeerConnection, offer and answer through the service). Every sentence the page shows is in TEXT.

const TEXT = {
  idle: "Not connected. Press Start talking, or type below.",
  connecting: "Connecting to the line...",
  listening: "Listening",
  hearing: "Listening: hearing you",
  checking: "Checking what you said...",
  speaking: "Speaking",
  typing: "Typing: type what you would say, or use the keypad. The line answers here.",
  ended: "The call has ended.",
  stopped: "You stopped the call. Nothing more reaches the line, and stopping books nothing.",
  nothingPlaying: "Nothing is playing, and nothing was sent.",
  tools: {find_slots: "Checking the open times...", find_bookings: "Looking up your appointments...",
          book: "Booking it...", cancel: "Cancelling it...", request_callback: "Leaving the request for staff..."},
  calendarTrouble: "A problem: the clinic's calendar did not answer. The line is trying again.",
  calendarDown: "A problem: the clinic's calendar cannot be reached, so the line hands you to staff.",
  lineSays: "Line:",
  nothingHeard: "nothing yet",
  heardKey: (key) => `key ${key}`,
  callAt: (node, title) => `The call is at "${node}" (${title}).`,
  callAtUnknown: (node) => `The call is at "${node}".`,
  newVisitor: "A new call starts at \"understand\": press Start talking, or type what you would say.",
  yes: {book: "Yes, book it", reschedule: "Yes, move it", cancel: "Yes, cancel it",
        callback: "Yes, leave the request", transfer_callback: "Yes, leave the request"},
  understood: {day: "day", date: "date", time: "time", name: "name"},
  budgets: {connect_ms: "start to connected", answer_ms: "end of speech to audio",
            tool_ms: "tool start to result", barge_in_ms: "barge-in to silence"},
  problems: {
    denied: "The microphone is blocked for this page. To talk, allow the microphone for this site (the icon in " +
            "the address bar), then press Try again. Or type instead: the same call goes on.",
    no_device: "No microphone was found. Plug one in or turn it on, then press Try again. Or type instead.",
    in_use: "The microphone is in use by another program or tab. Close it there, then press Try again. " +
            "Or type instead.",
    insecure: "This page is not on a secure connection (https), so the browser keeps the microphone off. " +
              "Open the line's https address (or this computer's own http://localhost), or type instead.",
    mic_other: "The microphone could not be started. Press Try again, or type instead.",
    no_voice: "This line takes no voice calls from the browser right now. You can type instead.",
    busy: "The line has as many voice calls as it can take right now. Try again in a minute, or type instead.",
    connection: "A problem: the connection to the line was lost. Press Start talking to call again, or type " +
                "instead: the call goes on where it was.",
  },
  tryAgain: "Try again",
  typeInstead: "Type instead",
};

const $ = (id) => document.getElementById(id);
let setup = null;
let callId = null;
let record = null;       // the call's staff record, as last read
let mode = "idle";       // idle | voice | typing | stopped
let pending = false;     // a typed turn is on its way
let greeting = null;     // the line's spoken greeting (a voice call's first words)
const voice = {pc: null, dc: null, mic: null, ping: null, pressed: 0, live: false, told: false, ended: false,
               agentSpeaking: false, callerSpeaking: false, checking: null, tool: null, calendar: null, heard: null};
window.simulator = {voice};  // for the tests: the peer connection and what the page holds

// The sign-in link carries the staff token once: kept for this tab, taken out of the address bar and history.
const signIn = new URLSearchParams(location.search).get("token");
if (signIn) { sessionStorage.setItem("staffToken", signIn); history.replaceState(null, "", location.pathname); }
const staffToken = sessionStorage.getItem("staffToken") || "";

class Refused extends Error {
  constructor(status, message) { super(message); this.status = status; }
}

async function api(method, path, body) {
  const response = await fetch(path, {method, headers: {"content-type": "application/json",
                                                        "authorization": `Bearer ${staffToken}`},
                                      body: body === undefined ? undefined : JSON.stringify(body)});
  if (!response.ok) throw new Refused(response.status, `${method} ${path}: ${response.status}`);
  return response.json();
}

// ---- what the page says about the call -------------------------------------------------------------
function showStatus() {
  let status = "idle", text = TEXT.idle;
  if (voice.calendar) [status, text] = ["problem", voice.calendar];
  else if (mode === "voice" && !voice.live) [status, text] = ["connecting", TEXT.connecting];
  else if (mode === "voice" && voice.agentSpeaking) [status, text] = ["speaking", TEXT.speaking];
  else if (mode === "voice" && voice.tool) [status, text] = ["checking", TEXT.tools[voice.tool] || TEXT.checking];
  else if (mode === "voice" && voice.checking) [status, text] = ["checking", TEXT.checking];
  else if (mode === "voice") [status, text] = ["listening", voice.callerSpeaking ? TEXT.hearing : TEXT.listening];
  else if (record && ["DONE", "HANDOFF"].includes(record.state)) [status, text] = ["ended", TEXT.ended];
  else if (mode === "typing" && pending) [status, text] = ["checking", TEXT.checking];
  else if (mode === "typing") [status, text] = ["typing", TEXT.typing];
  else if (mode === "stopped") [status, text] = ["stopped", TEXT.stopped];
  const shown = $("call-status");
  if (shown.dataset.status !== status || shown.textContent !== text) {
    shown.dataset.status = status;
    shown.textContent = text;
  }
}

function showProblem(kind) {
  $("problem-text").textContent = TEXT.problems[kind];
  const ways = [];
  if (!["insecure", "no_voice"].includes(kind)) ways.push(button(TEXT.tryAgain, startTalking));
  ways.push(button(TEXT.typeInstead, typeInstead));
  $("problem-ways").replaceChildren(...ways);
  $("problem").dataset.problem = kind;
  $("problem").hidden = false;
}

function clearProblem() { $("problem").hidden = true; delete $("problem").dataset.problem; }

function button(text, action) {
  const made = document.createElement("button");
  made.type = "button";
  made.textContent = text;
  made.addEventListener("click", action);
  return made;
}

function showHeard(heard) {
  const key = /^\[DTMF\] (.+)$/.exec(heard || "");
  $("heard").textContent = heard ? (key ? TEXT.heardKey(key[1]) : heard) : TEXT.nothingHeard;
}

function showUnderstood(slots) {
  $("understood").replaceChildren(...Object.entries(TEXT.understood).map(([slot, label]) => {
    const row = document.createElement("tr");
    row.innerHTML = "<td></td><td></td>";
    row.children[0].textContent = label;
    row.children[1].textContent = slots && slots[slot] ? slots[slot] : "-";
    row.dataset.slot = slot;
    return row;
  }));
}

function showReadback() {
  const turns = record ? record.turns : [];
  const last = turns.length ? turns[turns.length - 1] : null;
  const waiting = record && record.node === "confirm" && record.state === "CONFIRM" && !voice.ended;
  $("readback").hidden = !waiting;
  if (!waiting) return;
  const task = (record.slots && record.slots.task) || "book";
  $("yes-book").textContent = TEXT.yes[task] || TEXT.yes.book;
  $("readback-text").textContent = last ? last.say : "";
}

// ---- the staff record: transcript, flow, slots, tools, hand-off, latency ----------------------------
function bubble(cls, text, meta) {
  const div = document.createElement("div");
  div.className = `bubble ${cls}`;
  div.textContent = text;  // text, never HTML: a caller's words are not markup
  if (meta) {
    const small = document.createElement("div");
    small.className = "meta";
    small.textContent = meta;
    div.append(small);
  }
  $("transcript").append(div);
}

function render(call) {
  record = call;
  $("state").textContent = call.state;
  $("node").textContent = call.node || "-";
  $("transcript").replaceChildren();
  bubble("agent", greeting || "How can I help you today?");
  $("tool-calls").replaceChildren();
  call.turns.forEach((turn, index) => {
    if (turn.line) bubble("line", `line: ${turn.line}`);
    else bubble("caller", turn.user === "" ? "(silence)" : turn.user);
    if (turn.say) bubble("agent", turn.say, turn.state);
    (turn.calls || []).forEach((c) => {
      const item = document.createElement("li");
      const args = Object.values(c.args || {}).join(", ");
      item.innerHTML = `turn ${index + 1}: ${c.tool}(<span></span>) → <span class="outcome-${c.outcome}"></span>`;
      item.children[0].textContent = args;
      item.children[1].textContent = c.outcome;
      $("tool-calls").append(item);
    });
    if ((turn.sleeps || []).length) {
      const item = document.createElement("li");
      item.className = "meta";
      item.textContent = `turn ${index + 1}: waited ${turn.sleeps.map((s) => `${s} s`).join(", ")} before retrying`;
      $("tool-calls").append(item);
    }
  });
  $("slots").replaceChildren(...Object.entries(call.slots || {}).map(([k, v]) => {
    const row = document.createElement("tr");
    row.innerHTML = "<td></td><td></td>";
    row.children[0].textContent = k;
    row.children[1].textContent = v === null ? "-" : v;
    return row;
  }));
  $("handoff").textContent = call.handoff ? JSON.stringify(call.handoff, null, 2) : "none";
  showLatency(call.latency);
  const spoken = call.turns.filter((turn) => !turn.line);
  if (spoken.length && mode !== "voice") showHeard(spoken[spoken.length - 1].user);
  if (spoken.length && mode !== "voice") $("line-said").textContent = `${TEXT.lineSays} ${spoken[spoken.length - 1].say}`;
  showUnderstood(call.slots);
  drawFlow(call.slots && call.slots.task, call.node);
  showReadback();
  showStatus();
  $("transcript").scrollTop = $("transcript").scrollHeight;
}

function showLatency(latency) {
  $("latency").replaceChildren(...Object.entries(TEXT.budgets).map(([budget, label]) => {
    const figures = ((latency || {})[budget] || []).map((f) => (typeof f === "number" ? f : f.ms));
    const sorted = [...figures].sort((a, b) => a - b);
    const row = document.createElement("tr");
    row.innerHTML = "<td></td><td></td>";
    row.children[0].textContent = label;
    row.children[1].textContent = sorted.length
      ? `${sorted[Math.floor(sorted.length / 2)]} median of ${sorted.length}` : "-";
    row.dataset.budget = budget;
    return row;
  }));
}

function drawFlow(task, current) {
  const flow = setup.flows[task || "none"] || setup.flows.none;
  const svg = $("flow");
  svg.setAttribute("viewBox", `0 0 ${flow.width} ${flow.height}`);
  svg.setAttribute("width", flow.width);
  svg.setAttribute("height", flow.height);
  const parts = ['<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" ' +
                 'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#6b7280"/></marker></defs>'];
  for (const edge of flow.edges) {
    parts.push(`<path class="edge${edge.write ? " write" : ""}" d="${edge.path}" marker-end="url(#arrow)"/>`);
  }
  for (const node of flow.nodes) {
    const round = {question: 13, terminal: 13, read: 3, write: 0, step: 3}[node.kind];
    parts.push(`<g class="node ${node.kind}${node.id === current ? " current" : ""}" data-node="${node.id}">` +
               `<rect x="${node.x}" y="${node.y}" width="${node.w}" height="${node.h}" rx="${round}"/>` +
               `<text x="${node.x + node.w / 2}" y="${node.y + 17}" text-anchor="middle">${node.label}</text></g>`);
  }
  svg.innerHTML = parts.join("");  // the graph's own names: no caller text in the drawing
  const at = flow.nodes.some((node) => node.id === current);
  $("flow-caption").textContent = !current ? TEXT.newVisitor
    : at ? TEXT.callAt(current, flow.title) : TEXT.callAtUnknown(current);
}

async function refresh() {
  if (callId) render(await api("GET", `/calls/${callId}`));
}

// ---- a call: created, typed, keyed ------------------------------------------------------------------
function planFromInputs() {
  const plan = {};
  for (const tool of setup.tools) {
    const outcomes = $(`plan-${tool}`).value.split(",").map((o) => o.trim()).filter(Boolean);
    if (outcomes.length) plan[tool] = outcomes;
  }
  return plan;
}

async function newCall() {
  hangUp();
  Object.assign(voice, {ended: false, calendar: null, tool: null, checking: null});
  greeting = null;
  mode = mode === "typing" ? "typing" : "idle";
  callId = (await api("POST", "/calls", {plan: planFromInputs()})).call_id;
  $("call-id").textContent = callId;
  showHeard(null);
  $("line-said").textContent = "";
  await refresh();
}

function ended() { return !callId || (record && ["DONE", "HANDOFF"].includes(record.state)); }

async function say(text) {
  if (mode === "voice" && voice.dc && voice.dc.readyState === "open") {
    voice.dc.send(JSON.stringify({type: "text", text}));
    return;
  }
  if (!callId) await newCall();
  if (mode !== "typing") mode = "typing";
  pending = true;
  showStatus();
  try {
    await api("POST", `/calls/${callId}/turns`, {text});
  } finally {
    pending = false;
  }
  await refresh();
}

function press(key) {
  if (mode === "voice" && voice.dc && voice.dc.readyState === "open") {
    voice.dc.send(JSON.stringify({type: "key", key}));
  } else {
    say(`[DTMF] ${key}`);
  }
}

function typeInstead() {
  if (mode === "voice") hangUp({typing: true});
  clearProblem();
  mode = "typing";
  showStatus();
  $("say-input").focus();
}

// ---- a voice call over WebRTC ------------------------------------------------------------------------
function microphoneProblem(error) {
  const name = error && error.name;
  if (["NotAllowedError", "SecurityError", "PermissionDeniedError"].includes(name)) return "denied";
  if (["NotFoundError", "OverconstrainedError", "DevicesNotFoundError"].includes(name)) return "no_device";
  if (["NotReadableError", "TrackStartError", "AbortError"].includes(name)) return "in_use";
  return "mic_other";
}

async function startTalking() {
  clearProblem();
  if (!window.isSecureContext || !navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
    showProblem("insecure");
    return;
  }
  if (!setup.voice) { showProblem("no_voice"); return; }
  if (mode === "voice") return;
  if (ended()) await newCall();
  const pressed = performance.now();
  let mic;
  try {  // asked only now, after the caller pressed Start talking, having read what is collected
    mic = await navigator.mediaDevices.getUserMedia({audio: {echoCancellation: true, noiseSuppression: true,
                                                             autoGainControl: true}, video: false});
  } catch (error) {
    showProblem(microphoneProblem(error));
    return;
  }
  Object.assign(voice, {pressed, live: false, told: false, ended: false, calendar: null, tool: null});
  $("line-audio").muted = false;
  mode = "voice";
  showStatus();
  try {
    await connect(mic);
  } catch (error) {
    hangUp();
    mode = "idle";
    showProblem(error instanceof Refused && error.status === 429 ? "busy" : "connection");
    showStatus();
  }
}

async function connect(mic) {
  const pc = new RTCPeerConnection();  // no STUN or TURN: the line answers with its host's own addresses
  voice.pc = pc;
  voice.mic = mic;
  pc.addTransceiver(mic.getAudioTracks()[0], {direction: "sendrecv"});
  const dc = pc.createDataChannel("line", {ordered: true});
  voice.dc = dc;
  dc.onmessage = (event) => {
    let message;
    try { message = JSON.parse(event.data); } catch { return; }
    lineEvent(message);
  };
  dc.onopen = () => {
    voice.ping = setInterval(() => { if (dc.readyState === "open") dc.send("ping"); }, 1000);
    tellConnected();
  };
  pc.ontrack = (event) => { $("line-audio").srcObject = event.streams[0] || new MediaStream([event.track]); };
  pc.onconnectionstatechange = () => {
    if (pc !== voice.pc) return;
    if (pc.connectionState === "connected") { voice.live = true; tellConnected(); showStatus(); }
    if (["failed", "disconnected"].includes(pc.connectionState)) lost();
  };
  await pc.setLocalDescription(await pc.createOffer());
  await new Promise((done) => {  // host candidates only: gathered in milliseconds
    if (pc.iceGatheringState === "complete") done();
    pc.onicegatheringstatechange = () => { if (pc.iceGatheringState === "complete") done(); };
    setTimeout(done, 2000);
  });
  const answer = await api("POST", `/calls/${callId}/voice`, {sdp: pc.localDescription.sdp, type: "offer"});
  await pc.setRemoteDescription(answer);
}

function tellConnected() {
  if (voice.told || !voice.live || !voice.dc || voice.dc.readyState !== "open") return;
  voice.told = true;
  voice.dc.send(JSON.stringify({type: "connected", ms: Math.round(performance.now() - voice.pressed)}));
}

function lost() {
  if (mode !== "voice") return;
  const byTheLine = voice.ended;
  hangUp();
  mode = "idle";
  if (!byTheLine) showProblem("connection");
  refresh();
}

function lineEvent(message) {
  switch (message.type) {
    case "caller":
      voice.callerSpeaking = message.speaking;
      clearTimeout(voice.checking);
      // Checking from the end of the caller's speech until the line answers (a cough gets no answer: 5 s).
      voice.checking = message.speaking ? null : setTimeout(() => { voice.checking = null; showStatus(); }, 5000);
      break;
    case "agent":
      voice.agentSpeaking = message.speaking;
      if (message.speaking) { clearTimeout(voice.checking); voice.checking = null; }
      break;
    case "say":
      $("line-said").textContent = `${TEXT.lineSays} ${message.text}`;
      if (!record || !record.turns.length) { greeting = message.text; refresh(); }
      break;
    case "tool":
      voice.tool = message.running ? message.tool : null;
      if (!message.running) voice.calendar = ["timeout", "error"].includes(message.outcome) ? TEXT.calendarTrouble : null;
      break;
    case "turn":
      clearTimeout(voice.checking);
      voice.checking = null;
      showHeard(message.heard);
      if (message.state === "HANDOFF" && voice.calendar) voice.calendar = TEXT.calendarDown;
      if (["DONE", "HANDOFF"].includes(message.state)) voice.ended = true;
      refresh();
      break;
    case "signalling":  // Pipecat's "peerLeft": the line ended the call
      if (message.message && message.message.type === "peerLeft") { voice.ended = true; setTimeout(lost, 1500); }
      break;
    default:
      return;
  }
  showStatus();
}

function hangUp(why = {}) {
  const {pc, dc, mic} = voice;
  clearInterval(voice.ping);
  if (dc && dc.readyState === "open") dc.send(JSON.stringify({type: "stop", ...why}));
  if (pc) pc.close();
  if (mic) mic.getTracks().forEach((track) => track.stop());
  Object.assign(voice, {pc: null, dc: null, mic: null, live: false, agentSpeaking: false, callerSpeaking: false,
                        tool: null});
  $("line-audio").srcObject = null;
}

function stop() {
  const audio = $("line-audio");
  audio.muted = true;  // silence first, at once; then the line is told and the connection closed
  audio.pause();
  if (mode !== "voice") {
    $("status-detail").textContent = TEXT.nothingPlaying;
    return;
  }
  hangUp();
  mode = "stopped";
  showStatus();
  refresh();
}

// ---- the page's parts --------------------------------------------------------------------------------
function buildHeader() {
  for (const name of Object.keys(setup.presets)) {
    const option = document.createElement("option");
    option.value = option.textContent = name;
    $("preset").append(option);
  }
  const hints = document.createElement("datalist");
  hints.id = "outcome-hints";
  for (const outcome of setup.outcomes) hints.append(new Option(outcome));
  document.body.append(hints);
  for (const tool of setup.tools) {
    const label = document.createElement("label");
    label.textContent = tool;
    const input = document.createElement("input");
    input.id = `plan-${tool}`;
    input.placeholder = "ok";
    input.setAttribute("list", "outcome-hints");
    input.title = `outcomes of successive ${tool} calls, e.g. timeout, ok`;
    label.append(input);
    $("plan-inputs").append(label);
  }
  $("preset").addEventListener("change", () => {
    const plan = setup.presets[$("preset").value] || {};
    for (const tool of setup.tools) $(`plan-${tool}`).value = (plan[tool] || []).join(", ");
  });
}

function buildKeypad() {
  for (const key of ["1", "2", "3", "4", "5", "6", "7", "8", "9", "*", "0", "#"]) {
    const key_button = button(key, () => press(key));
    key_button.className = "key";
    key_button.dataset.key = key;
    key_button.setAttribute("aria-label", `key ${key}`);
    $("keypad").append(key_button);
  }
}

$("composer").addEventListener("submit", async (event) => {
  event.preventDefault();
  const text = $("say-input").value;
  $("say-input").value = "";  // what the caller typed is shown as the service recorded it (masked)
  await say(text);
});
$("new-call").addEventListener("click", newCall);
$("start-talking").addEventListener("click", startTalking);
$("type-instead").addEventListener("click", typeInstead);
$("stop").addEventListener("click", stop);
$("yes-book").addEventListener("click", () => press("1"));  // the keypad's 1: the only consent on the page
$("no-change").addEventListener("click", () => press("2"));
window.addEventListener("pagehide", () => hangUp());

// The pause switch (every worker, from each call's next turn): a button and what the line is doing now.
function showLine(paused) {
  $("line-status").textContent = paused ? "Automated booking is paused: callers are put through to staff."
                                        : "Automated booking is on.";
  $("line-switch").textContent = paused ? "Resume booking by phone" : "Pause booking by phone";
  $("line-switch").dataset.paused = paused ? "true" : "false";
}
$("line-switch").addEventListener("click", async () => {
  const pausing = $("line-switch").dataset.paused !== "true";
  showLine((await api("POST", pausing ? "/line/pause" : "/line/resume")).paused);
});

(async () => {
  setup = await api("GET", "/simulator");
  showLine((await (await fetch("/health")).json()).paused);
  buildHeader();
  buildKeypad();
  showUnderstood(null);
  drawFlow(null, null);
  showStatus();
  document.body.dataset.ready = "true";
})();
