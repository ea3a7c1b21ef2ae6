// The API's schema of a user, shared: the server answers with it (and the OpenAPI document is made
// from it), and the browser checks the session it restores from storage against it.
import { z } from 'zod';

export const UserSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    is_staff: z.boolean(),
    is_active: z.boolean(),
    otp_enabled: z.boolean(),
    version: z.number().int().describe('Raised by every change but a sign-in; the ETag of the user, sent back as If-Match'),
  })
  .meta({ id: 'User' });
