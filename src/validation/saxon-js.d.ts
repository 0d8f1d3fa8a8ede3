// saxon-js 2.7 ships no type declarations: the subset src/validation/ uses.
declare module 'saxon-js' {
  /** A node of SaxonJS's own tree model, as SaxonJS.getResource returns it. */
  type SaxonNode = object;
  interface TransformOptions {
    /** A compiled SEF (JSON.parse of a .sef.json file). */
    stylesheetInternal: object;
    sourceNode?: SaxonNode;
    sourceText?: string;
    destination: 'serialized' | 'raw' | 'document';
    stylesheetParams?: Record<string, unknown>;
  }
  interface TransformResult {
    principalResult: unknown;
  }
  const SaxonJS: {
    transform(options: TransformOptions, mode: 'sync'): TransformResult;
    getResource(options: { text: string; type: 'xml' }): Promise<SaxonNode>;
  };
  export default SaxonJS;
}
