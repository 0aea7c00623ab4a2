// One heading: the bare page the bench and e2e/first-load.spec.ts measure the site against.
export default function Page() {
  return <h1>The framework&apos;s floor</h1>;
}
