// The environment every test process and every CLI process they start inherit. NODE_EXTRA_CA_CERTS
// (set on some machines for an intercepting proxy) makes each Node process parse a bundle of
// certificates when it starts: 48 ms of CPU each on this machine, times the suite's 600 CLI
// processes. The tests speak plain HTTP to loopback servers and need no certificate, so it is not
// passed on; everything else is left as the user has it.
export default function setup(): () => void {
  const previous = process.env.NODE_EXTRA_CA_CERTS;
  delete process.env.NODE_EXTRA_CA_CERTS;
  // Kept aside for the one test that reaches the npm registry (the GitHub Action's npm ci), which
  // needs it on a machine whose proxy intercepts TLS.
  if (previous !== undefined) process.env.AGENTS_TEST_NPM_CA_CERTS = previous;
  return () => {
    if (previous !== undefined) process.env.NODE_EXTRA_CA_CERTS = previous;
  };
}
