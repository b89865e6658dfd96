/**
 * What tsconfig.machines*.json resolve React, the DOM bindings, Mantine, the
 * router and the AWS SDK to: a module that exports nothing. The statechart is
 * pure TypeScript, so `import { useState } from 'react'` in machines/ fails
 * the type check ("has no exported member"), as well as the lint rule.
 */
export {};
