/** Renders `children` with a promise's value, so a Suspense boundary around it streams that part alone. */
export async function Await<T>({ promise, children }: { promise: Promise<T>; children: (value: T) => React.ReactNode }) {
  return children(await promise);
}
