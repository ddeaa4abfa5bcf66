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
