import { defineModule } from '../../lib/module.js';
import type { Keys } from '../../lib/secrets.js';
import type { UsersService } from '../users/users.service.js';
import { authRoutes } from './auth.routes.js';
import type { AuthService } from './auth.service.js';
import type { LoginThrottle } from './login-throttle.js';

/** Login, logout, the session. Its service is part of the platform (app.ts): the auth plugin needs the same sessions. */
export const authModule = defineModule({
  name: 'auth',
  routes: async (
    app,
    deps: { auth: AuthService; users: UsersService; keys: Keys; throttle: LoginThrottle },
  ) => {
    await app.register(authRoutes, deps);
  },
});
