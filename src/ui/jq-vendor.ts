// jq 1.8 (compiled to WebAssembly, the binary inlined), built on its own as dist/vendor/jq.cjs
// (scripts/build/vendor.mjs): only a line with --jq loads its 1.3 MB.
export { loadJq } from 'jq-wasm/inline';
