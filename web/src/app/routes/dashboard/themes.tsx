// Interim route module (replaced in this session by the screen's real composition).
export function Component() {
  return <h1>themes</h1>;
}
