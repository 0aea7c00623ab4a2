/** A schema.org document, built on the server by lib/seo/jsonld.ts. */
export type StructuredData = object;

/** Structured data for crawlers; `<` is escaped so no title can close the script early. */
export function JsonLd({ data }: { data: StructuredData }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }} />;
}
