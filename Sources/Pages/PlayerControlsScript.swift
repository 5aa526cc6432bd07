/// The player's controls: loading a variant at a position, transport, verse display and
/// announcement, the selects that hide when there is nothing to choose, the queue, the keys.
enum PlayerControlsScript {
  static let source = #"""
    let loading = false, loads = 0;
    const clock = () => (state.live ? bed : audio);
    const time = () => clock().currentTime || 0;
    const duration = () => (current ? current.v.durationMilliseconds / 1000 : 0);

    function setSource(element, file) {
      const src = file ? url(file.file) : "";
      if ((element.getAttribute("src") || "") === src) return;
      if (src) element.src = src;
      else { element.removeAttribute("src"); element.load(); }
    }

    // Plays chapter `index` in the variant for the listener's choices, from `at` seconds (or
    // at(variant) seconds), once its chapter file is there.
    function load(index, at, autoplay) {
      const choice = choose(index);
      if (!choice) return;
      const resume = autoplay === undefined ? playing : autoplay;
      const token = ++loads;
      loading = true;
      loadChapter(choice.n.chapterFile.file).then((file) => {
        if (token !== loads) return; // a later choice replaced this one
        const next = resolved(choice, file);
        show(index, next, typeof at === "function" ? at(next.v) : at, resume, token);
      }).catch((error) => {
        if (token !== loads) return;
        loading = false;
        problem(error.message);
      });
    }

    function show(index, next, at, resume, token) {
      audio.pause(); voice.pause(); bed.pause();
      current = next;
      Object.assign(state, { chapter: index, narrator: next.n.id, rate: next.v.rate, bed: next.v.bed || null, verse: -2 });
      state.live = state.live && !!next.v.stems;
      if (state.live) {
        setSource(voice, playable(next.v.stems.voice.files));
        setSource(bed, playable(next.v.stems.bed.files));
        setSource(audio, null);
      } else {
        setSource(audio, playable(next.v.files));
        setSource(voice, null);
        setSource(bed, null);
      }
      captions(next.v);
      const element = clock();
      const start = () => {
        if (token !== loads) return; // a later choice replaced this one
        loading = false;
        element.currentTime = Math.min(Math.max(0, at), duration());
        syncVoice(true);
        update();
        if (resume) play(); else renderPlay();
      };
      if (element.readyState >= 1) start();
      else element.addEventListener("loadedmetadata", start, { once: true });
      renderControls();
      renderQueue();
      update();
    }

    // The verse text as WebVTT cues too, where the page is served (file:// pages may not load tracks).
    function captions(v) {
      for (const old of audio.querySelectorAll("track")) old.remove();
      const vtt = v.sidecars && v.sidecars.webVTT;
      const path = typeof vtt === "string" ? vtt : vtt && vtt.file; // a path, or { file, sha256 }
      if (location.protocol === "file:" || !path || state.live) return;
      const track = document.createElement("track");
      Object.assign(track, { kind: "captions", srclang: "en", label: "Verse text", src: url(path) });
      audio.append(track);
      track.track.mode = "hidden";
    }

    // Applies the listener's change, then plays the variant it leads to from the same place.
    function switchVariant(change) {
      if (!current) return;
      const from = current.v, at = time();
      change();
      load(state.chapter, (to) => mapTime(from, at, to));
    }

    function play() {
      playing = true;
      if (state.live) { ensureGraph(); context.resume(); }
      const started = clock().play();
      if (started) started.catch(() => { playing = false; renderPlay(); });
      syncVoice(true);
      renderPlay();
      requestAnimationFrame(tick);
    }

    function pause() {
      playing = false;
      audio.pause(); voice.pause(); bed.pause();
      renderPlay();
    }

    function seek(seconds) {
      if (!current) return;
      clock().currentTime = Math.min(Math.max(0, seconds), duration());
      syncVoice(true);
      update();
    }

    function nextVerse() {
      if (!current) return;
      const i = state.verse, timings = current.v.timings;
      if (i + 1 < timings.length) seek(timings[i + 1].startFrame / current.v.sampleRate);
      else nextChapter();
    }

    function previousVerse() {
      if (!current) return;
      const i = state.verse, timings = current.v.timings;
      seek(i > 0 ? timings[i - 1].startFrame / current.v.sampleRate : 0);
    }

    function stepChapter(step) {
      if (!current) return;
      const order = queue(), at = order.indexOf(state.chapter) + step;
      if (at >= 0 && at < order.length) load(order[at], 0);
    }
    const nextChapter = () => stepChapter(1);
    const previousChapter = () => stepChapter(-1);

    function showVerse() {
      const now = $("now"), ch = current.ch, i = state.verse;
      now.textContent = "";
      const label = document.createElement("strong");
      const text = document.createElement("span");
      if (i < 0) {
        label.textContent = ch.spoken.start;
        text.textContent = ch.headings.filter((h) => h.beforeVerse === 0).map((h) => h.text).join(" ");
      } else {
        const reference = current.v.timings[i].reference;
        const verse = ch.verses.find((x) => x.reference === reference) || ch.verses[i];
        label.textContent = verse.spoken + ".";
        text.textContent = verse.text;
      }
      now.append(label, document.createElement("br"), text);
    }

    function update() {
      if (!current) return;
      const t = time(), total = duration();
      const i = verseAt(current.v, t * current.v.sampleRate);
      if (i !== state.verse) { state.verse = i; showVerse(); }
      const position = $("position");
      position.value = total > 0 ? Math.round((t / total) * 1000) : 0;
      const where = i < 0 ? current.ch.spoken.start : current.ch.verses[i] ? current.ch.verses[i].spoken : "";
      position.setAttribute("aria-valuetext", where + ", " + words(t * 1000) + " of " + words(total * 1000));
      const left = total - t;
      $("left").textContent = left > 0.5 ? words(left * 1000) + " left" : current.ch.spoken.end;
      if (state.live) { syncVoice(false); duck(); }
    }

    function tick() {
      update();
      if (playing) requestAnimationFrame(tick);
    }

    function renderPlay() {
      $("play").textContent = playing ? "Pause" : "Play";
    }

    function fill(select, options, value) {
      const key = JSON.stringify(options);
      if (select.dataset.options !== key) {
        select.textContent = "";
        for (const [v, text] of options) select.append(new Option(text, v));
        select.dataset.options = key;
      }
      select.value = value;
    }

    function renderControls() {
      const { entry, n, v } = current, offered = current.kinds;
      fill($("narrator"), entry.narrators.map((x) => [x.id, names[x.id] || x.id]), n.id);
      $("narrator-field").hidden = entry.narrators.length < 2;
      const rates = [...new Set(offered.map((x) => x.rate))].sort((a, b) => a - b);
      fill($("speed"), rates.map((r) => [String(r), offered.find((x) => x.rate === r).spoken.rate]), String(v.rate));
      $("speed-field").hidden = rates.length < 2;
      const atRate = offered.filter((x) => x.rate === v.rate).sort((a, b) => (a.bed ? 1 : 0) - (b.bed ? 1 : 0));
      fill($("music"), atRate.map((x) => [x.bed || "", x.spoken.bed]), v.bed || "");
      $("music-field").hidden = atRate.length < 2;
      $("live-field").hidden = !v.stems;
      $("live").checked = state.live;
      $("balance-field").hidden = !state.live;
      $("chapter-name").textContent = v.spoken.label;
    }

    function renderQueue() {
      const list = $("queue");
      list.textContent = "";
      for (const index of queue()) {
        const ch = catalogue.chapters[index];
        const item = document.createElement("li");
        const button = document.createElement("button");
        button.type = "button";
        button.textContent = ch.title;
        if (index === state.chapter) button.setAttribute("aria-current", "true");
        button.addEventListener("click", () => load(index, 0, true));
        item.append(button);
        list.append(item);
      }
    }

    $("play").addEventListener("click", () => (playing ? pause() : play()));
    $("next").addEventListener("click", nextVerse);
    $("previous").addEventListener("click", previousVerse);
    $("position").addEventListener("input", (e) => seek((Number(e.target.value) / 1000) * duration()));
    $("narrator").addEventListener("change", (e) => switchVariant(() => { state.narrator = e.target.value; }));
    $("speed").addEventListener("change", (e) => switchVariant(() => { state.rate = Number(e.target.value); }));
    $("music").addEventListener("change", (e) => switchVariant(() => { state.bed = e.target.value || null; }));
    $("live").addEventListener("change", (e) => switchVariant(() => {
      state.live = e.target.checked;
      if (state.live) ensureGraph();
    }));
    $("balance").addEventListener("input", (e) => { state.balance = Number(e.target.value); applyBalance(); });
    for (const element of [audio, bed]) {
      element.addEventListener("timeupdate", () => element === clock() && update());
      element.addEventListener("seeked", () => element === clock() && update());
      element.addEventListener("ended", () => {
        if (!current || element !== clock()) return;
        const order = queue(), at = order.indexOf(state.chapter);
        if (at + 1 < order.length) load(order[at + 1], 0, true);
        else { playing = false; renderPlay(); update(); }
      });
    }
    document.addEventListener("keydown", (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const tag = e.target.tagName;
      if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
      if (tag === "BUTTON" && (e.key === " " || e.key === "Enter")) return;
      const actions = { " ": () => (playing ? pause() : play()), k: () => (playing ? pause() : play()),
        j: previousVerse, l: nextVerse, "[": previousChapter, "]": nextChapter };
      const action = actions[e.key.length === 1 ? e.key.toLowerCase() : e.key];
      if (!action) return;
      e.preventDefault();
      action();
    });

    state.narrator = catalogue.chapters.length && catalogue.chapters[0].narrators.length ? catalogue.chapters[0].narrators[0].id : null;
    applyBalance();
    if (catalogue.chapters.length) load(0, 0, false);
    window.prepPlayer = {
      state: () => ({ ...state, variant: current && current.v.id, chapterID: current && current.ch.id, time: time(), playing, loading }),
      gains: () => (context ? { voice: voiceGain.gain.value, music: musicGain.gain.value, duck: duckGain.gain.value } : null),
      queue: () => queue().map((i) => catalogue.chapters[i].id),
      chapterFiles: () => Object.keys(chapterFiles),
      mapTime,
    };

    """#
}
