"""Browser tests of the board's front end (``js/board.js``) in headless Chromium with a fake
anywidget model; a package so that module names cannot clash with tests elsewhere."""
