/// The review page's script (no framework): waveform, marks, dragging and nudging starts,
/// playing from a verse, and "Save labels" as Audacity labels for `prep align --override`.
enum ReviewScript {
  static let source = #"""
    "use strict";
    (function () {
      const chapter = JSON.parse(document.getElementById("chapter").textContent);
      const rate = chapter.sampleRate;
      const audio = document.getElementById("audio");
      const wave = document.getElementById("wave");
      const canvas = document.getElementById("canvas");
      const playhead = document.getElementById("playhead");
      const list = document.getElementById("verses");
      const status = document.getElementById("status");
      const segments = chapter.segments;
      const step = Math.round(rate / 100); // 10 ms in frames
      const levels = Uint8Array.from(atob(chapter.waveform.data), (c) => c.charCodeAt(0));
      const duration = chapter.frameCount / rate;
      let pxPerSecond = 100;
      let current = -1;

      const x = (frames) => (frames / rate) * pxPerSecond;
      const name = (s) => (s.kind === "verse" ? "verse " + s.label : "the heading");
      const trim = (text) => (text.includes(".") ? text.replace(/0+$/, "").replace(/\.$/, "") : text);
      // "1 minute 5.25 seconds": words, never a clock string.
      function spokenTime(frames) {
        const ms = Math.round((frames * 1000) / rate);
        const minutes = Math.floor(ms / 60000);
        const secs = trim(((ms % 60000) / 1000).toFixed(3)) + " seconds";
        return minutes > 0 ? minutes + (minutes === 1 ? " minute " : " minutes ") + secs : secs;
      }

      function draw() {
        pxPerSecond = Math.min(pxPerSecond, 30000 / Math.max(duration, 0.01));
        const width = Math.max(1, Math.ceil(duration * pxPerSecond));
        const height = 144, middle = height / 2;
        canvas.width = width;
        canvas.height = height;
        canvas.style.width = width + "px";
        const g = canvas.getContext("2d");
        g.fillStyle = "#f3f4f6";
        g.fillRect(0, 0, width, height);
        g.fillStyle = "#56606b";
        const hopsPerPixel = rate / chapter.waveform.hopFrames / pxPerSecond;
        for (let px = 0; px < width; px++) {
          const from = Math.floor(px * hopsPerPixel);
          const to = Math.max(from + 1, Math.floor((px + 1) * hopsPerPixel));
          let level = 0;
          for (let i = from; i < to && i < levels.length; i++) level = Math.max(level, levels[i]);
          const db = level / 2 - 120; // the stored byte back to dBFS
          const half = Math.max(0.5, ((db + 60) / 60) * middle);
          g.fillRect(px, middle - half, 1, 2 * half);
        }
      }

      function mark(kind, frames) {
        const div = document.createElement("div");
        div.className = "mark " + kind;
        div.setAttribute("aria-hidden", "true");
        div.dataset.frames = frames;
        wave.append(div);
        return div;
      }

      const marks = [];
      const handles = segments.map((s, i) => {
        marks.push(mark("onset", s.onsetFrame), mark("offset", s.offsetFrame));
        const handle = document.createElement("div");
        handle.className = "start" + (s.lowConfidence ? " low" : "");
        handle.dataset.index = i;
        const tag = document.createElement("span");
        tag.textContent = s.label + (s.lowConfidence ? " ?" : "");
        handle.append(tag);
        if (chapter.editable) {
          handle.tabIndex = 0;
          handle.setAttribute("role", "slider");
          handle.setAttribute("aria-label", "Start of " + name(s) + (s.lowConfidence ? ", low confidence" : ""));
          handle.addEventListener("keydown", (event) => onKey(event, i));
          handle.addEventListener("pointerdown", (event) => onGrab(event, i));
        } else {
          handle.setAttribute("aria-hidden", "true");
        }
        wave.append(handle);
        return handle;
      });
      const last = segments[segments.length - 1];
      if (last) marks.push(mark("end", last.endFrame));

      function place(i) {
        const s = segments[i], handle = handles[i];
        handle.style.left = x(s.startFrame) + "px";
        if (!chapter.editable) return;
        const low = i > 0 ? segments[i - 1].startFrame + step : 0;
        const high = i + 1 < segments.length ? segments[i + 1].startFrame - step : chapter.frameCount;
        handle.setAttribute("aria-valuemin", Math.round((low * 1000) / rate));
        handle.setAttribute("aria-valuemax", Math.round((high * 1000) / rate));
        handle.setAttribute("aria-valuenow", Math.round((s.startFrame * 1000) / rate));
        handle.setAttribute("aria-valuetext", spokenTime(s.startFrame));
      }

      function layout() {
        draw();
        segments.forEach((_, i) => place(i));
        for (const m of marks) m.style.left = x(Number(m.dataset.frames)) + "px";
        showTime();
      }

      // Moves segment i's start (and so the previous segment's end), kept between its neighbours.
      function move(i, frames) {
        const low = i > 0 ? segments[i - 1].startFrame + step : 0;
        const high = i + 1 < segments.length ? segments[i + 1].startFrame - step : chapter.frameCount;
        const s = segments[i];
        s.startFrame = Math.max(low, Math.min(high, Math.round(frames)));
        if (i > 0) segments[i - 1].endFrame = s.startFrame;
        handles[i].classList.add("moved");
        place(i);
        if (i > 0) place(i - 1);
        if (i + 1 < segments.length) place(i + 1);
      }

      function playFrom(i) {
        audio.currentTime = segments[i].startFrame / rate;
        const playing = audio.play();
        if (playing) playing.catch(() => { status.textContent = "Press play on the audio player to listen."; });
        showTime();
      }

      function onKey(event, i) {
        const big = event.shiftKey ? 10 : 1;
        if (event.key === "ArrowLeft" || event.key === "ArrowDown") move(i, segments[i].startFrame - big * step);
        else if (event.key === "ArrowRight" || event.key === "ArrowUp") move(i, segments[i].startFrame + big * step);
        else if (event.key === "Enter") playFrom(i);
        else return;
        event.preventDefault();
      }

      function onGrab(event, i) {
        const handle = handles[i];
        const origin = wave.getBoundingClientRect().left - wave.scrollLeft;
        const grab = event.clientX - origin - x(segments[i].startFrame);
        handle.setPointerCapture(event.pointerId);
        handle.focus();
        const follow = (e) => move(i, ((e.clientX - origin - grab) / pxPerSecond) * rate);
        const drop = () => {
          handle.removeEventListener("pointermove", follow);
          handle.removeEventListener("pointerup", drop);
          handle.removeEventListener("pointercancel", drop);
          status.textContent = "Start of " + name(segments[i]) + " at " + spokenTime(segments[i].startFrame) + ".";
        };
        handle.addEventListener("pointermove", follow);
        handle.addEventListener("pointerup", drop);
        handle.addEventListener("pointercancel", drop);
        event.preventDefault();
      }

      const buttons = segments.map((s, i) => {
        const item = document.createElement("li");
        const button = document.createElement("button");
        button.type = "button";
        const label = document.createElement("strong");
        label.textContent = s.kind === "verse" ? "Verse " + s.label : "Heading";
        const text = document.createElement("span");
        text.textContent = " " + (s.text || "(heading heard, text unknown)");
        button.append(label, text);
        const facts = [];
        if (s.confidence !== null && s.confidence !== undefined) facts.push("confidence " + s.confidence);
        if (s.fixed) facts.push("start set by hand");
        if (facts.length || s.lowConfidence) {
          const info = document.createElement("span");
          info.className = s.lowConfidence ? "low" : "muted";
          info.textContent = " (" + (s.lowConfidence ? "low " : "") + facts.join(", ") + ")";
          button.append(info);
        }
        button.addEventListener("click", () => playFrom(i));
        item.append(button);
        list.append(item);
        return button;
      });

      function showTime() {
        const frames = Math.round(audio.currentTime * rate);
        playhead.style.left = x(frames) + "px";
        let now = -1;
        segments.forEach((s, i) => { if (frames >= s.startFrame && frames < s.endFrame) now = i; });
        if (now !== current) {
          if (current >= 0) buttons[current].removeAttribute("aria-current");
          if (now >= 0) buttons[now].setAttribute("aria-current", "true");
          current = now;
        }
      }

      function labelsText() {
        return segments.map((s, i) => {
          const end = i + 1 < segments.length ? segments[i + 1].startFrame : s.endFrame;
          return (s.startFrame / rate).toFixed(6) + "\t" + (end / rate).toFixed(6) + "\t" + s.label + "\n";
        }).join("");
      }

      const save = document.getElementById("save");
      if (save) save.addEventListener("click", () => {
        const link = document.createElement("a");
        link.href = URL.createObjectURL(new Blob([labelsText()], { type: "text/plain" }));
        link.download = chapter.name + ".reviewed.labels.txt";
        document.body.append(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(link.href), 10000);
        status.textContent = "Saved " + link.download + ". Pass it to prep align with --override.";
      });

      function zoom(factor) {
        const keep = audio.currentTime;
        pxPerSecond = Math.max(10, Math.min(1600, pxPerSecond * factor));
        layout();
        wave.scrollLeft = Math.max(0, keep * pxPerSecond - wave.clientWidth / 2);
      }
      document.getElementById("zoom-in").addEventListener("click", () => zoom(2));
      document.getElementById("zoom-out").addEventListener("click", () => zoom(0.5));

      function tick() {
        showTime();
        if (!audio.paused) requestAnimationFrame(tick);
      }
      audio.addEventListener("play", () => requestAnimationFrame(tick));
      audio.addEventListener("seeked", showTime);
      audio.addEventListener("timeupdate", showTime);
      layout();
      window.prepReview = { chapter, segments, labelsText };
    })();

    """#
}
