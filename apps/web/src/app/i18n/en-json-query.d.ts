// `import('./en.json?all')`: all of en.json as a module of its own (Vite treats the query as another
// file), kept apart from the sections i18n.ts imports by name into the first download.
declare module '*/en.json?all' {
  const text: typeof import('./en.json');
  export default text;
}
