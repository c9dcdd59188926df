// Runs before any antd module loads (the first setup file). antd's motion library animates only
// where the window has AnimationEvent and TransitionEvent; happy-dom has both but never runs a
// CSS animation, so a closing toast or dialog would wait for an animationend that never comes
// and stay in the document. Without them (as in jsdom), antd shows and removes at once.
const win = window as unknown as Record<string, unknown>;
delete win['AnimationEvent'];
delete win['TransitionEvent'];
