// `npm run bench [-- <section>…]`: builds, then runs the benchmark sections in order and exits
// non-zero if one misses its target (1) or fails (2). Sections: `stream` (bench/stream.mjs),
// `hostile` (bench/hostile.mjs),
// `startup` (bench/startup.mjs), `conversation` (bench/conversation.mjs). No argument: all of them.
const SECTIONS = {
  stream: async () => (await import('./stream.mjs')).runStream(),
  hostile: async () => (await import('./hostile.mjs')).runHostile(),
  startup: async () => (await import('./startup.mjs')).runStartup(),
  conversation: async () => (await import('./conversation.mjs')).runConversation(),
};
const asked = process.argv.slice(2);
const unknown = asked.filter((a) => !(a in SECTIONS));
if (unknown.length) {
  console.error(`[bench] unknown section(s) ${unknown.join(', ')}: use ${Object.keys(SECTIONS).join(', ')}`);
  process.exit(2);
}
let code = 0;
for (const name of asked.length ? asked : Object.keys(SECTIONS)) {
  console.log(`\n=== bench: ${name} ===`);
  try {
    code = Math.max(code, await SECTIONS[name]());
  } catch (error) {
    console.error(`[bench] ${name} failed:`, error);
    code = 2;
  }
}
process.exit(code);
