import type { LanguageRegistration } from 'shiki/core';

/**
 * A small TextMate grammar for AWS CloudFormation Guard rules (`.guard` files), which no
 * grammar Shiki bundles covers: Guard is not Ruby, YAML or Rego, and borrowing one of those
 * colours its `<<message>>`, `%variable` and `Resources.*[ ... ]` queries wrongly. It knows
 * what the articles show: comments, `let`/`rule`/`when` and the other keywords, custom
 * messages, strings, regexes, numbers, booleans, `%variables`, operators and the punctuation
 * of queries. Scopes are standard ones, so the CSS-variables theme colours them like any
 * other language.
 */
export const cfnGuard: LanguageRegistration = {
  name: 'cfn-guard',
  scopeName: 'source.cfn-guard',
  fileTypes: ['guard'],
  patterns: [
    { include: '#comment' },
    { include: '#message' },
    { include: '#string' },
    { include: '#regex' },
    { include: '#rule-name' },
    { include: '#keyword' },
    { include: '#constant' },
    { include: '#variable' },
    { include: '#operator' },
    { include: '#punctuation' },
  ],
  repository: {
    comment: { name: 'comment.line.number-sign.cfn-guard', match: '#.*$' },
    message: {
      name: 'string.unquoted.message.cfn-guard',
      begin: '<<',
      end: '>>',
      beginCaptures: { 0: { name: 'punctuation.definition.string.begin.cfn-guard' } },
      endCaptures: { 0: { name: 'punctuation.definition.string.end.cfn-guard' } },
    },
    string: {
      patterns: [
        { name: 'string.quoted.single.cfn-guard', match: "'[^']*'" },
        { name: 'string.quoted.double.cfn-guard', match: '"(?:[^"\\\\]|\\\\.)*"' },
      ],
    },
    regex: { name: 'string.regexp.cfn-guard', match: '/(?:[^/\\\\\\n]|\\\\.)+/' },
    'rule-name': {
      match: '\\b(rule)\\s+([A-Za-z_][\\w-]*)',
      captures: {
        1: { name: 'keyword.other.rule.cfn-guard' },
        2: { name: 'entity.name.function.rule.cfn-guard' },
      },
    },
    keyword: {
      name: 'keyword.control.cfn-guard',
      match:
        '\\b(?:let|rule|when|not|NOT|exists|EXISTS|empty|EMPTY|in|IN|some|SOME|or|OR|is_string|is_list|is_struct|is_bool|is_int|is_float|is_null|IS_STRING|IS_LIST|IS_STRUCT|IS_BOOL|IS_INT|IS_FLOAT|IS_NULL|this)\\b',
    },
    constant: {
      patterns: [
        { name: 'constant.language.cfn-guard', match: '\\b(?:true|false|null)\\b' },
        { name: 'constant.numeric.cfn-guard', match: '\\b-?\\d+(?:\\.\\d+)?\\b' },
      ],
    },
    variable: { name: 'variable.other.constant.cfn-guard', match: '%[A-Za-z_]\\w*' },
    operator: { name: 'keyword.operator.cfn-guard', match: '==|!=|<=|>=|<|>|!' },
    punctuation: { name: 'punctuation.separator.cfn-guard', match: '[{}\\[\\]().,*]' },
  },
};
