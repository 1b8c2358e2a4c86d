window.helpers = { page: function () { return location.pathname; } };
