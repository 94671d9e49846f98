// Shows the one-time code from the URL (a plain script, so the static test server can serve it too).
document.getElementById('code').textContent = new URLSearchParams(location.search).get('code') || '(none)';
document.getElementById('opener').textContent = window.opener ? 'opener is set (wrong)' : 'no opener (right)';
