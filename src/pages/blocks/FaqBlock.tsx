import { Accordion } from '@mantine/core';

const questions = [
  [
    'How do I reset my password?',
    'On the sign-in screen choose “Forgot your password?”. We send a code to your e-mail address; enter it with your new password.',
  ],
  [
    'Is my password sent to your servers?',
    'No. Sign-in uses the Secure Remote Password protocol: your browser proves it knows the password without sending it.',
  ],
  ['Can I use the customer area on my phone?', 'Yes. Every page works from narrow phone screens up to wide monitors.'],
  [
    'How do I close my account?',
    'Write to your account team from the e-mail address you signed up with, and we will confirm within two working days.',
  ],
];

/** Common questions, one open at a time. */
export function FaqBlock() {
  return (
    <Accordion variant="separated" radius="md">
      {questions.map(([question, answer]) => (
        <Accordion.Item key={question} value={question!}>
          <Accordion.Control>{question}</Accordion.Control>
          <Accordion.Panel>{answer}</Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
