// The site's colour scheme: the reader's choice (the "Dark theme" button, remembered in this
// browser), else the system's (prefers-color-scheme). It sets data-lo-theme on <html> for the
// site's stylesheets and JupyterLab's data-jp-theme-light on <body>, which the widgets follow.
(function () {
  var key = "lightsout-theme";
  var system = window.matchMedia("(prefers-color-scheme: dark)");
  function chosen() {
    try {
      return localStorage.getItem(key);
    } catch (error) {
      return null;
    }
  }
  function theme() {
    return chosen() || (system.matches ? "dark" : "light");
  }
  function apply() {
    var dark = theme() === "dark";
    document.documentElement.dataset.loTheme = dark ? "dark" : "light";
    if (document.body) {
      document.body.dataset.jpThemeLight = dark ? "false" : "true";
      document.body.dataset.jpThemeName = dark ? "JupyterLab Dark" : "JupyterLab Light";
    }
    var buttons = document.querySelectorAll(".lo-theme-toggle");
    for (var i = 0; i < buttons.length; i++) buttons[i].setAttribute("aria-pressed", String(dark));
  }
  function toggle() {
    try {
      localStorage.setItem(key, theme() === "dark" ? "light" : "dark");
    } catch (error) {
      return;
    }
    apply();
  }
  apply();
  document.addEventListener("DOMContentLoaded", function () {
    apply();
    var buttons = document.querySelectorAll(".lo-theme-toggle");
    for (var i = 0; i < buttons.length; i++) buttons[i].addEventListener("click", toggle);
  });
  system.addEventListener("change", apply);
})();
