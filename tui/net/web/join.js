// The join form: a code (typed, or from the link a QR code holds: /j/CODE, spelt
// /J/CODE by the QR code) is knocked at the door; a right one opens the seat's
// page, a wrong one is said.
"use strict";
window.addEventListener("DOMContentLoaded", () => {
  const form = document.getElementById("join-form");
  const field = document.getElementById("code");
  const said = document.getElementById("said");
  const button = document.getElementById("join");
  const knock = async (code) => {
    button.disabled = true;
    said.textContent = "Knocking...";
    try {
      const answer = await fetch("/knock", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ code: code }),
      });
      const reply = await answer.json();
      if (reply.ticket) {
        window.location.replace("/seat/" + encodeURIComponent(reply.ticket));
        return;
      }
      said.textContent = reply.refusal || "The door did not answer: try again.";
    } catch (error) {
      said.textContent = "The table cannot be reached: is the host still running?";
    }
    button.disabled = false;
    field.focus();
  };
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    knock(field.value);
  });
  const linked = window.location.pathname.match(/^\/j\/([A-Za-z0-9-]{1,16})$/i);
  if (linked) {
    field.value = linked[1].toUpperCase();
    window.history.replaceState(null, "", "/");  // the code leaves the address bar
    knock(field.value);
  } else {
    field.focus();
  }
});
