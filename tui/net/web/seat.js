// A seat's page: textual.js draws the seat's terminal; this sets the socket and a
// font size that gives at least 40 columns, waits for the bundled font, takes the
// keyboard's focus at once, and shows the sentence the door sends when the seat ends.
"use strict";
(() => {
  const COLUMNS = 41;
  const ADVANCE = 0.6;  // Roboto Mono's advance, in em
  let ending = "";
  const NativeSocket = window.WebSocket;
  class SeatSocket extends NativeSocket {
    constructor(url, protocols) {
      super(url, protocols);
      this.addEventListener("open", () => document.querySelector(".xterm-helper-textarea")?.focus());
      this.addEventListener("message", (event) => {
        if (typeof event.data !== "string") return;
        try {
          const message = JSON.parse(event.data);
          if (message[0] === "parlour_end" && typeof message[1] === "string") {
            ending = message[1];
          }
        } catch (error) { /* not ours */ }
      });
      this.addEventListener("close", () => {
        const line = document.getElementById("ended-line");
        if (ending) line.textContent = ending;
        document.getElementById("ended").hidden = false;
      });
    }
  }
  window.WebSocket = SeatSocket;
  const start = window.onload;  // textual.js's start
  window.onload = null;
  window.addEventListener("load", async () => {
    const element = document.getElementById("terminal");
    const ticket = window.location.pathname.split("/").pop();
    const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
    element.dataset.sessionWebsocketUrl = scheme + "//" + window.location.host + "/ws/" + ticket;
    const size = Math.max(10, Math.min(16, Math.floor(window.innerWidth / COLUMNS / ADVANCE)));
    element.dataset.fontSize = String(size);
    try {
      await document.fonts.load(size + "px \"Roboto Mono\"");
    } catch (error) { /* the fallback font draws too */ }
    window.history.replaceState(null, "", "/");  // the ticket is used once
    if (start) start(new Event("load"));
  });
})();
