import { describe, expect, it } from 'vitest';
import { PASSWORD, confirmedUser, latestCode, rejection, testClient, uniqueEmail } from './testSupport.ts';

async function signedIn() {
  const { client } = testClient();
  const email = await confirmedUser();
  await client.signIn({ username: email, password: PASSWORD });
  return { client, email };
}

describe('user attributes', () => {
  it('reads the attributes, and updates one that needs no verification', async () => {
    const { client, email } = await signedIn();
    expect(await client.fetchUserAttributes()).toMatchObject({ email, email_verified: 'true' });
    const unknown = await rejection(client.updateUserAttributes({ attributes: { shoe_size: '38' } }));
    expect(unknown.name).toBe('InvalidParameterException');
    expect(await client.updateUserAttributes({ attributes: { given_name: 'Ana', family_name: 'Lopez' } })).toEqual([
      { step: 'DONE', attributeName: 'given_name' },
      { step: 'DONE', attributeName: 'family_name' },
    ]);
    expect(await client.fetchUserAttributes()).toMatchObject({ given_name: 'Ana', family_name: 'Lopez' });
    await client.deleteUserAttributes({ names: ['family_name'] });
    expect((await client.fetchUserAttributes()).family_name).toBeUndefined();
  });

  it('verifies a new e-mail with the code sent to it', async () => {
    const { client } = await signedIn();
    const newEmail = uniqueEmail('moved');
    const [result] = await client.updateUserAttributes({ attributes: { email: newEmail } });
    expect(result).toMatchObject({
      step: 'CONFIRM_ATTRIBUTE_WITH_CODE',
      attributeName: 'email',
      codeDeliveryDetails: { deliveryMedium: 'EMAIL' },
    });
    const code = await latestCode(newEmail);
    const wrong = await rejection(
      client.confirmUserAttribute({ attributeName: 'email', confirmationCode: code === '000000' ? '111111' : '000000' }),
    );
    expect(wrong.name).toBe('CodeMismatchException');
    // A code asked for again works too.
    const resent = await client.sendUserAttributeVerificationCode({ attributeName: 'email' });
    expect(resent.deliveryMedium).toBe('EMAIL');
    await client.confirmUserAttribute({ attributeName: 'email', confirmationCode: await latestCode(newEmail) });
    expect(await client.fetchUserAttributes()).toMatchObject({ email: newEmail, email_verified: 'true' });
    // The tokens are new at once: the id token, and the signed-in user read from it, name the verified address.
    expect((await client.fetchAuthSession()).tokens?.idToken?.payload).toMatchObject({ email: newEmail, email_verified: true });
    expect((await client.getCurrentUser()).email).toBe(newEmail);
    expect((await rejection(client.confirmUserAttribute({ attributeName: 'email', confirmationCode: ' ' }))).message).toBe(
      'Confirmation code cannot be empty',
    );
  });
});
