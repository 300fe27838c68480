import { describe, expect, it } from 'vitest';
import { newAccount, registerUser } from '../helpers';
import { outbox } from '../auth-helpers';
import { enableTotp, securityCall } from '../security-helpers';
import { act, signedInAdmin } from '../admin-helpers';
import { setAccountLanguage } from './language-helpers';

// E-mails go out in the recipient's language. The e-mail change's code and the
// old address's notice were English whatever the account spoke.
describe("changing the e-mail address, in the account's language", { timeout: 30_000 }, () => {
  it('sends the code and the notice in Spanish to a Spanish account', async () => {
    const user = await registerUser();
    await setAccountLanguage(user, 'es');
    const newEmail = newAccount().email;
    const start = await securityCall(user.token, 'POST', '/email', {
      email: newEmail,
      current_password: user.password,
    });
    expect(start.status).toBe(202);
    const [mail] = await outbox(newEmail);
    expect(mail!.subject).toBe('Confirma tu nueva dirección de correo');
    expect(mail!.text).toContain(`Tu código de verificación de Cardlink es ${mail!.code}.`);

    expect((await securityCall(user.token, 'POST', '/email/confirm', { code: mail!.code })).status).toBe(200);
    const [notice] = await outbox(user.email);
    expect(notice!.subject).toBe('Se cambió la dirección de correo de tu cuenta de Cardlink');
    expect(notice!.text).toContain(`se cambió a ${newEmail}.`);
  });

  it('tells a Spanish account in Spanish that support turned its second factor off', async () => {
    const admin = await signedInAdmin();
    const owner = await registerUser();
    await setAccountLanguage(owner, 'es');
    await enableTotp(owner);
    const reset = await act(admin, `/accounts/${owner.id}/reset-2fa`, { reason: 'Lost phone; ID checked on a call' });
    expect(reset.status).toBe(200);
    const [mail] = await outbox(owner.email);
    expect(mail!.subject).toBe('Se desactivó el inicio de sesión en dos pasos de tu cuenta de Cardlink');
    expect(mail!.text).toContain(`de tu cuenta de Cardlink (${owner.email}), como pediste`);
    expect(mail!.text).toContain('Si no lo has pedido tú, cambia tu contraseña ahora y contacta con soporte');
  });
});
