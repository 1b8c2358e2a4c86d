window.configured = true;
