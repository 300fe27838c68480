import { Outlet } from 'react-router-dom';

// Interim route module (replaced in this session by the screen's real composition).
export function Component() {
  return <Outlet />;
}
