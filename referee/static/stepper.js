// Progressive enhancement for the +/- steppers: change the number in place
// instead of a round trip. Without JavaScript the buttons submit the form
// and the server applies the step.
"use strict";
document.addEventListener("click", function (event) {
  var button = event.target.closest("button[data-step]");
  if (!button) { return; }
  var input = document.getElementById(button.getAttribute("data-target"));
  if (!input) { return; }
  event.preventDefault();
  var min = parseInt(input.min, 10), max = parseInt(input.max, 10);
  var value = parseInt(input.value, 10);
  if (isNaN(value)) { value = isNaN(min) ? 0 : min; }
  value += parseInt(button.getAttribute("data-step"), 10);
  if (!isNaN(min) && value < min) { value = min; }
  if (!isNaN(max) && value > max) { value = max; }
  input.value = String(value);
  input.dispatchEvent(new Event("change", { bubbles: true }));
});
