declare module 'virtual:locale-bundles' {
  type LocaleTree = import('./shared/i18n/files').LocaleTree;
  type Load = () => Promise<{ default: LocaleTree }>;
  /** Per language, its public texts and the rest (scripts/localeBundles.ts). */
  const bundles: Record<string, { public: Load; rest: Load }>;
  export default bundles;
}
