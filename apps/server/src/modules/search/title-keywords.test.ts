import { describe, expect, it } from 'vitest';
import { titleKeywords } from './title-keywords.js';

describe('title keywords', () => {
  it('[SR-5] keeps the telling words of 3+ letters, longest first, without words every question has', () => {
    expect(titleKeywords('How do I parse a huge CSV file with Python?', 5)).toEqual([
      'python',
      'parse',
      'huge',
      'file',
      'csv',
    ]);
    expect(titleKeywords('What is the best way to do it?', 5)).toEqual([]);
  });

  it('[SR-5] splits a CJK run into overlapping 3-character pieces beside the Latin words', () => {
    expect(titleKeywords('Docker 容器日志', 5)).toEqual(['docker', '容器日', '器日志']);
    expect(titleKeywords('日志', 5)).toEqual([]);
  });
});
