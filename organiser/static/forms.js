// The pages' small form behaviours, here and not inline: the content security policy
// runs no inline script.  A <select data-autosubmit> sends its form when changed; a
// <form data-confirm="question"> asks first.
document.addEventListener("change", function (e) {
  var t = e.target;
  if (t && t.hasAttribute && t.hasAttribute("data-autosubmit") && t.form) t.form.submit();
});
document.addEventListener("submit", function (e) {
  var f = e.target;
  var q = f && f.getAttribute && f.getAttribute("data-confirm");
  if (q && !window.confirm(q)) e.preventDefault();
});
// The event form: the chosen ruleset's table settings shown, the others' hidden and not
// sent (a <fieldset data-rules> each; without scripts the saved ruleset's stand).
document.addEventListener("change", function (e) {
  var t = e.target;
  if (!t || t.name !== "rules" || !t.form) return;
  var sets = t.form.querySelectorAll("fieldset[data-rules]");
  for (var i = 0; i < sets.length; i++) {
    var on = sets[i].getAttribute("data-rules") === t.value;
    sets[i].hidden = !on;
    sets[i].disabled = !on;
  }
});
